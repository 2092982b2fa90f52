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
