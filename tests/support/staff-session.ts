/**
 * For component tests of staff pages (happy-dom): a stored sign-in token before each test, and after it the
 * rendered page, the stubbed globals and the storage cleared.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../shared/auth';

export function signedInStaffMember(): void {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}

/** Stubs `fetch` with an answer for each call (by its path); returns what was sent (each path and JSON body), in order. */
export function stubStaffApi(answer: (path: string) => Response): { path: string; body: unknown }[] {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      sent.push({ path, body: JSON.parse(String(init.body)) as unknown });
      return answer(path);
    }),
  );
  return sent;
}
