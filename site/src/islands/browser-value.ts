import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (the address, the clock at page load, a
 * random pick). The server render and the hydrating render see `serverValue`,
 * so hydration matches the HTML; the render right after sees `read()`.
 * `read` must return the same value each time it is called.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

/** When this page's script started: the "now" of the forms' defaults and minimums. */
export const PAGE_LOADED_AT = Date.now();
