import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../../shared/auth';

/** A window with what the staff API touches: storage, the address, fetch answers, and `pageshow`. */
function fakeWindow(answers: number[]) {
  const stored = new Map<string, string>([[TOKEN_STORAGE_KEY, 'h.e30.s']]);
  const pageshow: ((event: { persisted: boolean }) => void)[] = [];
  const window = {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    location: { pathname: '/view', assign: vi.fn() },
    addEventListener: (type: string, listener: (event: { persisted: boolean }) => void) => {
      if (type === 'pageshow') pageshow.push(listener);
    },
  };
  vi.stubGlobal('window', window);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"error":"unauthorized"}', { status: answers.shift() ?? 200 })),
  );
  return { window, stored, showAgain: () => pageshow.splice(0).forEach((listener) => listener({ persisted: true })) };
}

describe('signing out on a 401', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('forgets the token and goes to the sign-in page once, however many requests were refused at the same time', async () => {
    const { window, stored } = fakeWindow([401, 401]);
    const { staffFetch, LOGIN_PATH } = await import('./api');
    const results = await Promise.allSettled([staffFetch('/api/view'), staffFetch('/api/retention')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(stored.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(window.location.assign).toHaveBeenCalledTimes(1);
    expect(window.location.assign).toHaveBeenCalledWith(LOGIN_PATH);
  });

  it('goes again after the page came back from the back-forward cache', async () => {
    const { window, stored, showAgain } = fakeWindow([401, 401]);
    const { staffFetch } = await import('./api');
    await staffFetch('/api/view').catch(() => undefined);
    showAgain();
    stored.set(TOKEN_STORAGE_KEY, 'h.e30.s');
    await staffFetch('/api/view').catch(() => undefined);
    expect(window.location.assign).toHaveBeenCalledTimes(2);
  });
});
