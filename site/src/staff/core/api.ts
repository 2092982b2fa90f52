/**
 * The staff app's calls: the bearer token from localStorage (`login_T`) on
 * every staff request; any 401 removes the token and goes to the sign-in page.
 */
import { ENROL_SCOPE, TWO_FACTOR_PATH, type TokenScope } from '../../../../shared/accounts/accounts';
import { STAFF_ROLES, type StaffRole, TOKEN_STORAGE_KEY } from '../../../../shared/auth';
import { STAFF_TEXT } from './words';

export const LOGIN_PATH = '/login';

export function storedToken(): string | null {
  return window.localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

/** True once this page has started for the sign-in page (until it comes back from the back-forward cache). */
let leavingForSignIn = false;

/**
 * Forgets the token and sends the browser to the sign-in page, once: a page
 * that asks two things at once gets two 401s, and a second navigation would
 * abort the first one mid-way.
 */
export function signOutLocally(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  if (leavingForSignIn) return;
  leavingForSignIn = true;
  window.addEventListener(
    'pageshow',
    (event) => {
      if (event.persisted) leavingForSignIn = false;
    },
    { once: true },
  );
  window.location.assign(LOGIN_PATH);
}

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** The whole error body (a 409 carries the current state as `current`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(`${status} ${code}`);
  }
}

/** The claims of the stored token (the server checks the token; these only label the page and choose what it offers). */
function tokenClaims(): { sub?: string; role?: string; scope?: string } {
  const payload = storedToken()?.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (ch) => ch.charCodeAt(0)))) as {
      sub?: string;
      role?: string;
      scope?: string;
    };
  } catch {
    return {};
  }
}

/** The signed-in staff member's address. */
export function currentStaffEmail(): string {
  return tokenClaims().sub ?? '';
}

/**
 * The signed-in staff member's role, for what the back office offers (the
 * server decides what it allows); none for a token that names none, which
 * is offered nothing.
 */
export function currentStaffRole(): StaffRole | undefined {
  const role = tokenClaims().role;
  return (STAFF_ROLES as readonly string[]).includes(role ?? '') ? (role as StaffRole) : undefined;
}

/** `enrol` while the account must set up two-factor before anything else (the token opens only that). */
export function currentTokenScope(): TokenScope {
  return tokenClaims().scope === ENROL_SCOPE ? ENROL_SCOPE : 'full';
}

/** Redirects to sign-in when there is no token; returns it otherwise. */
export function requireToken(): string | undefined {
  const token = storedToken();
  if (!token) {
    signOutLocally();
    return undefined;
  }
  return token;
}

/** `fetch`, with no answer at all (the network) rejected as a `StaffApiError` of status 0. */
export async function fetchOrNetworkError(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch {
    throw new StaffApiError(0, 'network');
  }
}

/**
 * A staff request. Resolves with the response for 2xx; a 401 signs out; any
 * other failure rejects with a `StaffApiError` (status 0 for the network).
 */
export async function staffFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = requireToken();
  if (!token) throw new StaffApiError(401, 'unauthorized');
  const response = await fetchOrNetworkError(path, {
    ...init,
    headers: {
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
      Authorization: `Bearer ${token}`,
    },
  });
  if (response.status === 401) {
    signOutLocally();
    throw new StaffApiError(401, 'unauthorized');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as {
      error?: string;
      fields?: Record<string, string>;
    } & Record<string, unknown>;
    // The account must set up two-factor first (the policy requires it): that page is the only one it may use.
    if (response.status === 403 && body.error === 'two_factor_required' && window.location.pathname !== TWO_FACTOR_PATH)
      window.location.assign(TWO_FACTOR_PATH);
    throw new StaffApiError(response.status, body.error ?? 'error', body.fields ?? {}, body);
  }
  return response;
}

/**
 * What a failed list or page load tells the staff member: the contract's 'no
 * access permission' (docs/contract.md, 'The error catalogue'), except when
 * the server or the network failed (a backing service down, a 5xx, no
 * connection): that passes, and saying "no permission" then would send them
 * to an administrator for nothing.
 */
export function failureText(error: unknown): string {
  return error instanceof StaffApiError && (error.status === 0 || error.status >= 500)
    ? STAFF_TEXT.serviceDown
    : STAFF_TEXT.noAccess;
}

export async function staffPost<T>(path: string, body: unknown): Promise<{ data: T; response: Response }> {
  const response = await staffFetch(path, { method: 'POST', body: JSON.stringify(body) });
  return { data: (await response.json()) as T, response };
}

/** Makes the browser save what a link points at under `fileName`, without leaving the page. */
export function saveFromLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a file a staff route answered (named by its Content-Disposition). */
export async function saveDownload(response: Response, fallbackName: string): Promise<void> {
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFromLink(URL.createObjectURL(await response.blob()), fileName);
}
