/**
 * Starts a private local stack for one test file: its own emulators on free
 * ports and its own data folder, so test files never share state.
 */
import { LOGIN_WINDOW_SECONDS } from '../../functions/accounts/sign-in/password-limits';
import type { Clock } from '../../functions/platform/ports';
import { type ExportJobView, exportJobSettled } from '../../shared/exports/export-jobs';
import type { LocalStack, LocalStackOptions } from '../../local/stack-types';
import { type ScratchStack, startScratchStack } from '../../local/scratch-stack';

export const STAFF = { email: 'staff@example.test', password: 'correct horse battery staple' };

export type TestStack = ScratchStack;

/**
 * A clock running from just after a sign-in window opens, for tests that
 * count sign-in attempts: the limits count in fixed quarter-hour windows, and
 * a test that ran across a window's end on the wall clock would see its
 * counts start again halfway. (Time-based codes follow the stack's clock too.)
 */
export function signInWindowClock(): Clock {
  const windowMs = LOGIN_WINDOW_SECONDS * 1000;
  const offset = windowMs - (Date.now() % windowMs) + 1_000;
  return { now: () => Date.now() + offset };
}

export function startTestStack(overrides: Partial<LocalStackOptions> = {}): Promise<TestStack> {
  return startScratchStack({ staffEmail: STAFF.email, staffPassword: STAFF.password, ...overrides });
}

export async function postJson(stack: LocalStack, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

export async function getWithToken(stack: LocalStack, path: string, token?: string): Promise<Response> {
  return fetch(`${stack.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    redirect: 'manual',
  });
}

export async function signIn(stack: LocalStack, email = STAFF.email, pass = STAFF.password): Promise<string> {
  const response = await postJson(stack, '/api/login', { data: { email, pass } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as string;
}

/**
 * Starts a CSV export that becomes a background job (202) and reads its
 * state until it has ended (ready or failed): the job as its owner last saw
 * it, and every state seen on the way.
 */
export async function finishedExport(
  stack: LocalStack,
  token: string,
  search = '',
): Promise<{ view: ExportJobView; statusPath: string; seen: ExportJobView[] }> {
  const started = await getWithToken(stack, `/api/export.csv${search}`, token);
  if (started.status !== 202)
    throw new Error(`the export answered ${started.status}, not 202: ${await started.text()}`);
  const statusPath = started.headers.get('location') ?? '';
  const seen = [(await started.json()) as ExportJobView];
  for (;;) {
    const view = (await (await getWithToken(stack, statusPath, token)).json()) as ExportJobView;
    seen.push(view);
    if (exportJobSettled(view.status)) return { view, statusPath, seen };
    await new Promise((next) => setTimeout(next, 50));
  }
}

/** A valid enquiry for a section; fields override. */
export function enquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_name: 'Anna Petrova',
    user_email: 'anna@example.test',
    phone: '+7 900 123-45-67',
    section: '병원예약',
    detail_section: '종합검진',
    message: 'I would like a full check-up next month.',
    user_count: 2,
    start: '2036-12-10 09:30',
    user_Room: 1,
    user_language: 'Russian',
    consent_privacy: true,
    consent_health: true,
    ...overrides,
  };
}

export interface CapturedMail {
  /** The id the SES emulator answered the send with. */
  messageId: string;
  subject: string;
  destination: { to: string[] };
  replyTo?: string[];
  /** The headers the mail was sent with (In-Reply-To, References). */
  headers?: { name: string; value: string }[];
  body: { html?: string; text?: string };
}

/**
 * What the SES emulator's mailbox holds, once the translation job has run as
 * its timer would have in `npm start` (a scratch stack has no timers): a
 * staff notice of a text in another language waits for that job
 * (functions/translation/waiting-notice.ts).
 */
export async function capturedMail(stack: LocalStack): Promise<CapturedMail[]> {
  // A run that fails (a fault a test injected) is a timer's failed run: the mailbox is read all the same.
  await stack.runTranslations().catch(() => undefined);
  const response = await fetch(`${stack.mailboxUrl}/store`);
  return ((await response.json()) as { emails: CapturedMail[] }).emails;
}
