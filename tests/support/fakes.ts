/**
 * In-memory fakes of the platform's ports (functions/platform/ports.ts; each feature's
 * fakes sit beside its ports, `functions/<feature>/fakes.ts`), an `AppDeps`
 * built from all of them (with a settable clock and a silent log), and API Gateway
 * (REST API, payload format 1.0) events. They follow the semantics of the DynamoDB and
 * S3 adapters: conditional creates, fixed throttle windows, a sparse mail queue.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { restApiEvent } from '../../local/server/rest-api-event';
import type { ApiResponse } from '../../functions/platform/http/response';
import { routeOf } from '../../shared/routes';
import { formatKoreaDate } from '../../shared/korea-time';
import type { Settings } from '../../functions/platform/config';
import type { AppDeps } from '../../functions/deps';
import type { Log } from '../../functions/platform/logging';
import { type StaffProfile, profileOf } from '../../functions/accounts/staff-profile';
import type { AccessLogStore, PlacedAccessLogEntry } from '../../functions/audit/ports';
import type {
  AccountChanges,
  EnrolmentLinkRecord,
  PolicyStore,
  RevokedTokenStore,
  StaffPolicy,
  StaffStore,
} from '../../functions/accounts/ports';
import type { StaffAccount } from '../../functions/accounts/staff-account';
import type { Clock, SealingContext, SecretSealer, ThrottleStore } from '../../functions/platform/ports';
import type { AccessLogEntry, CountedAction } from '../../shared/audit-actions';
import { countedKey } from '../../functions/audit/adapters/dynamodb-access-log';
import { FakeEnquiryStore, FakeCounterStore } from '../../functions/enquiries/fakes';
import { FakeErasureStore } from '../../functions/privacy/fakes';
import { FakeAccessLogCopyStore } from '../../functions/audit/fakes';
import { FakeEventStore, FakeTemplateStore, FakeTemplateVersionStore } from '../../functions/work/fakes';
import { FakeOutboxStore, FakeMailer } from '../../functions/mail/fakes';
import { FakeSubmissionStore } from '../../functions/intake/fakes';
import { FakePackageStore, FakeImageStore } from '../../functions/packages/fakes';
import { FakeAggregateStore } from '../../functions/dashboard/fakes';
import { FakeExportStore, FakeExportJobStore, FakeExportWorker } from '../../functions/exports/fakes';
import { FakeTagIndex } from '../../functions/tags/fakes';
import { FakeInboundBucket, FakeKeptMailStore, FakeSentMailIds } from '../../functions/conversation/fakes';
import { FakeTranslationStore, FakeTranslator } from '../../functions/translation/fakes';
import { ALL_PARTS } from '../../functions/enquiry-parts';

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  constructor(public current: number) {}
  now(): number {
    return this.current;
  }
  set(instant: number | string | Date): void {
    this.current = new Date(instant).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A log that prints nothing but remembers what was logged. */
export interface SilentLog extends Log {
  lines: { level: 'debug' | 'info' | 'warn' | 'error'; message: string; extra?: Record<string, unknown> }[];
}

export function silentLog(lines: SilentLog['lines'] = []): SilentLog {
  const at = (level: SilentLog['lines'][number]['level']) => (message: string, extra?: Record<string, unknown>) => {
    lines.push({ level, message, ...(extra ? { extra } : {}) });
  };
  return {
    lines,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    forRequest: () => silentLog(lines),
    addLambdaContext: () => undefined,
  };
}

/** Staff accounts, with the adapter's conditional writes (revision, time steps, recovery codes), its updates of named attributes and its dropping of undefined attributes. */
export class FakeStaffStore implements StaffStore {
  readonly items = new Map<string, StaffAccount>();
  private store(account: StaffAccount) {
    this.items.set(
      account.email,
      Object.fromEntries(
        Object.entries(structuredClone(account)).filter(([, value]) => value !== undefined),
      ) as unknown as StaffAccount,
    );
  }
  async get(email: string): Promise<StaffAccount | undefined> {
    const item = this.items.get(email);
    return item ? structuredClone(item) : undefined;
  }
  async put(account: StaffAccount): Promise<void> {
    this.store(account);
  }
  async profile(email: string): Promise<StaffProfile | undefined> {
    const item = this.items.get(email);
    return item ? profileOf(structuredClone(item)) : undefined;
  }
  async list(): Promise<StaffProfile[]> {
    return [...this.items.values()].map((item) => profileOf(structuredClone(item)));
  }
  async replace(account: StaffAccount, expectedRevision: number): Promise<boolean> {
    if ((this.items.get(account.email)?.revision ?? 0) !== expectedRevision) return false;
    this.store({ ...account, revision: expectedRevision + 1 });
    return true;
  }
  async update(email: string, changes: AccountChanges, expectedRevision: number): Promise<boolean> {
    const item = this.items.get(email);
    if (!item || (item.revision ?? 0) !== expectedRevision) return false;
    this.store({ ...item, ...changes, revision: expectedRevision + 1 });
    return true;
  }
  async recordSignIn(email: string, at: string): Promise<void> {
    const item = this.items.get(email);
    if (item) item.lastSignInAt = at;
  }
  async useTotpStep(email: string, step: number): Promise<boolean> {
    const item = this.items.get(email);
    if (
      !item ||
      !(item.totpSecretSealed ?? item.totpSecret) ||
      (item.totpLastStep !== undefined && item.totpLastStep >= step)
    )
      return false;
    item.totpLastStep = step;
    return true;
  }
  async useRecoveryCode(email: string, codeHash: string): Promise<boolean> {
    const item = this.items.get(email);
    if (!item?.recoveryCodeHashes?.has(codeHash)) return false;
    item.recoveryCodeHashes.delete(codeHash);
    if (item.recoveryCodeHashes.size === 0) delete item.recoveryCodeHashes;
    return true;
  }
  async countCodeFailure(email: string): Promise<number> {
    const item = this.items.get(email);
    if (!item)
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    item.codeFailures = (item.codeFailures ?? 0) + 1;
    return item.codeFailures;
  }
  async clearCodeFailures(email: string): Promise<void> {
    const item = this.items.get(email);
    if (item) delete item.codeFailures;
  }
  async setEnrolmentLink(email: string, link: EnrolmentLinkRecord): Promise<void> {
    const item = this.items.get(email);
    if (item) Object.assign(item, link);
  }
}

export class FakePolicyStore implements PolicyStore {
  policy: StaffPolicy | undefined;
  async get(): Promise<StaffPolicy | undefined> {
    return this.policy ? structuredClone(this.policy) : undefined;
  }
  async put(policy: StaffPolicy): Promise<void> {
    this.policy = structuredClone(policy);
  }
}

export class FakeRevokedTokenStore implements RevokedTokenStore {
  readonly items = new Map<string, number>();
  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    this.items.set(jti, expiresAtSeconds);
  }
  async isRevoked(jti: string, nowSeconds: number): Promise<boolean> {
    const expiresAt = this.items.get(jti);
    return expiresAt !== undefined && expiresAt > nowSeconds;
  }
}

/** Fixed windows keyed by window start, as the DynamoDB adapter keeps them. */
export class FakeThrottleStore implements ThrottleStore {
  readonly counts = new Map<string, number>();
  private windowKey(key: string, windowSeconds: number, now: number) {
    return `${key}@${Math.floor(now / 1000 / windowSeconds) * windowSeconds}`;
  }
  async hit(key: string, windowSeconds: number, now: number, amount = 1): Promise<number> {
    const window = this.windowKey(key, windowSeconds, now);
    const next = (this.counts.get(window) ?? 0) + amount;
    this.counts.set(window, next);
    return next;
  }
  async release(key: string, windowSeconds: number, now: number, amount = 1): Promise<void> {
    const window = this.windowKey(key, windowSeconds, now);
    const count = this.counts.get(window) ?? 0;
    if (count >= amount) this.counts.set(window, count - amount);
  }
}

/**
 * The access log as the DynamoDB store keeps it: `entries` are its rows, a
 * row per request as written, and one counted row per key of `countedKey`
 * (the adapter's), whose count and last time grow.
 */
export class FakeAccessLogStore implements AccessLogStore {
  readonly entries: AccessLogEntry[] = [];
  private readonly places = new Map<AccessLogEntry, string>();
  private readonly counted = new Map<string, AccessLogEntry>();
  private sequence = 0;

  async record(entry: AccessLogEntry): Promise<void> {
    const row = { ...entry };
    this.entries.push(row);
    this.sequence += 1;
    this.places.set(row, `${new Date(entry.at).toISOString()}#${String(this.sequence).padStart(9, '0')}`);
  }

  async count(entry: AccessLogEntry & { action: CountedAction }): Promise<void> {
    const key = countedKey(entry);
    const row = this.counted.get(key.at);
    if (row) {
      row.count = (row.count ?? 0) + 1;
      row.lastAt = entry.at;
      return;
    }
    const first = { ...entry, count: 1, lastAt: entry.at };
    this.counted.set(key.at, first);
    this.entries.push(first);
    this.places.set(first, key.at);
  }

  async readDay(day: string, { before, limit }: { before?: string; limit: number }): Promise<PlacedAccessLogEntry[]> {
    return this.entries
      .flatMap((entry) => {
        const place = this.places.get(entry) ?? '';
        return formatKoreaDate(entry.at) === day && (before === undefined || place < before)
          ? [{ entry: { ...entry }, place }]
          : [];
      })
      .sort((a, b) => (a.place < b.place ? 1 : -1))
      .slice(0, limit);
  }
}

/**
 * Seals like KMS as far as a test can see: the sealed value is a handle that
 * holds nothing of the secret, and it opens only with the context it was
 * sealed with. `refuse` makes the key unreachable (KMS down, or no leave).
 */
export class FakeSecretSealer implements SecretSealer {
  readonly sealed = new Map<string, { plain: string; context: string }>();
  refuse = false;
  opened = 0;
  async seal(plain: string, context: SealingContext): Promise<string> {
    if (this.refuse) throw Object.assign(new Error('KMS refused the call'), { name: 'KMSInternalException' });
    const handle = `sealed-${this.sealed.size + 1}`;
    this.sealed.set(handle, { plain, context: JSON.stringify(context) });
    return handle;
  }
  async open(sealed: string, context: SealingContext): Promise<string> {
    if (this.refuse) throw Object.assign(new Error('KMS refused the call'), { name: 'KMSInternalException' });
    const found = this.sealed.get(sealed);
    if (!found || found.context !== JSON.stringify(context))
      throw Object.assign(new Error('the ciphertext does not open with this context'), {
        name: 'InvalidCiphertextException',
      });
    this.opened += 1;
    return found.plain;
  }
}

/** What DynamoDB answers when it refuses a call (unavailable, or throttled with `ProvisionedThroughputExceededException`). */
export const dynamoRefused = (name = 'ServiceUnavailableException') =>
  Object.assign(new Error('DynamoDB refused the call'), { name });

export const TEST_TOKEN_SECRET = 'unit-test-secret-that-is-long-enough-0123456789';

/** Every setting filled in, as `readSettings` would give for a function that uses everything. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    TABLE_ENQUIRIES: 'enquiries',
    TABLE_OUTBOX: 'outbox',
    TABLE_ENQUIRY_EVENTS: 'enquiry-events',
    TABLE_TRANSLATIONS: 'translations',
    TABLE_REPLY_TEMPLATES: 'reply-templates',
    TABLE_REPLY_TEMPLATE_VERSIONS: 'reply-template-versions',
    TABLE_ERASURES: 'erasures',
    TABLE_ENQUIRY_TAGS: 'enquiry-tags',
    TABLE_COUNTERS: 'counters',
    TABLE_SUBMISSIONS: 'submissions',
    TABLE_PACKAGES: 'packages',
    TABLE_STAFF: 'staff',
    TABLE_REVOKED_TOKENS: 'revoked-tokens',
    TABLE_THROTTLE: 'throttle',
    TABLE_ACCESS_LOG: 'access-log',
    TABLE_POLICIES: 'policies',
    TABLE_AGGREGATES: 'aggregates',
    TABLE_EXPORT_JOBS: 'export-jobs',
    EXPORT_WORKER_FUNCTION: 'export-worker',
    IMAGES_BUCKET: 'images',
    EXPORTS_BUCKET: 'exports',
    ACCESS_LOG_COPY_BUCKET: 'access-log-copy',
    INBOUND_BUCKET: 'inbound',
    TABLE_INBOUND_MAIL: 'inbound-mail',
    INBOUND_DOMAIN: 'reply.site.example',
    INBOUND_MAX_BYTES: 10 * 1024 * 1024,
    INBOUND_PER_SENDER_PER_HOUR: 20,
    INBOUND_PER_ENQUIRY_PER_DAY: 50,
    MAIL_FROM: 'no-reply@example.com',
    MAIL_TO: 'staff@example.com',
    MAIL_CONFIGURATION_SET: 'mail-over-tls',
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    REPLY_ADDRESS_SECRET: 'unit-test-reply-address-secret-long-enough-9876543210',
    TOKEN_ISSUER: 'medical-tourism-centre',
    TOKEN_AUDIENCE: 'medical-tourism-staff',
    SEND_LIMIT_PER_MINUTE: 5,
    SEND_LIMIT_PER_DAY: 50,
    LOGIN_FAILURES_PER_ACCOUNT: 5,
    LOGIN_FAILURES_PER_ADDRESS: 20,
    MAIL_TIMEOUT_MS: 3_000,
    MAIL_DAILY_CAP: 500,
    TRANSLATE_DAILY_CHARS: 200_000,
    TRANSLATE_TERMINOLOGY: 'medical-tourism-labels',
    NOTICE_TRANSLATION_WAIT_SECONDS: 0,
    NOTICE_GATHER_SECONDS: 0,
    REPLY_INCLUDE_ORIGINAL: false,
    SITE_URL: 'https://site.example',
    REPLY_PROMISE_WORKING_DAYS: 1,
    ACKNOWLEDGE_VISITORS: true,
    EXPORT_INLINE_MAX_BYTES: 1_000_000,
    ORIGIN_VERIFY_SECRET: '',
    REQUIRE_TWO_FACTOR: false,
    TOTP_KEY_ID: 'arn:aws:kms:ap-northeast-2:111122223333:key/totp-test',
    ...overrides,
  };
}

export interface FakeDeps extends AppDeps {
  clock: FakeClock;
  log: SilentLog;
  enquiries: FakeEnquiryStore;
  enquiryExports: FakeEnquiryStore;
  outbox: FakeOutboxStore;
  events: FakeEventStore;
  templates: FakeTemplateStore;
  templateVersions: FakeTemplateVersionStore;
  erasures: FakeErasureStore;
  counters: FakeCounterStore;
  submissions: FakeSubmissionStore;
  packages: FakePackageStore;
  staff: FakeStaffStore;
  revokedTokens: FakeRevokedTokenStore;
  throttle: FakeThrottleStore;
  accessLog: FakeAccessLogStore;
  policies: FakePolicyStore;
  aggregates: FakeAggregateStore;
  tagIndex: FakeTagIndex;
  mailer: FakeMailer;
  images: FakeImageStore;
  exports: FakeExportStore;
  accessLogCopies: FakeAccessLogCopyStore;
  exportJobs: FakeExportJobStore;
  exportWorker: FakeExportWorker;
  totpSealer: FakeSecretSealer;
  keptMail: FakeKeptMailStore;
  sentMailIds: FakeSentMailIds;
  inbound: FakeInboundBucket;
  translations: FakeTranslationStore;
  translator: FakeTranslator;
}

/** An `AppDeps` made of fakes; the clock starts at `start` (default 2026-11-22 10:00 UTC). */
export function fakeDeps(options: { start?: number | string; settings?: Partial<Settings> } = {}): FakeDeps {
  const clock = new FakeClock(new Date(options.start ?? '2026-11-22T10:00:00Z').getTime());
  const enquiries = new FakeEnquiryStore();
  return {
    settings: testSettings(options.settings),
    clock,
    log: silentLog(),
    enquiries,
    enquiryExports: enquiries,
    outbox: new FakeOutboxStore(),
    events: new FakeEventStore(),
    templates: new FakeTemplateStore(),
    templateVersions: new FakeTemplateVersionStore(clock),
    erasures: new FakeErasureStore(),
    counters: new FakeCounterStore(),
    submissions: new FakeSubmissionStore(clock),
    packages: new FakePackageStore(),
    staff: new FakeStaffStore(),
    revokedTokens: new FakeRevokedTokenStore(),
    throttle: new FakeThrottleStore(),
    accessLog: new FakeAccessLogStore(),
    tagIndex: new FakeTagIndex(),
    policies: new FakePolicyStore(),
    aggregates: new FakeAggregateStore(),
    mailer: new FakeMailer(),
    images: new FakeImageStore(),
    exports: new FakeExportStore(),
    accessLogCopies: new FakeAccessLogCopyStore(),
    exportJobs: new FakeExportJobStore(clock),
    exportWorker: new FakeExportWorker(),
    totpSealer: new FakeSecretSealer(),
    enquiryParts: ALL_PARTS,
    keptMail: new FakeKeptMailStore(),
    sentMailIds: new FakeSentMailIds(),
    inbound: new FakeInboundBucket(),
    translations: new FakeTranslationStore(),
    translator: new FakeTranslator(),
  };
}

export interface EventOptions {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  params?: Record<string, string>;
  body?: string;
  base64?: boolean;
  sourceIp?: string;
  requestId?: string;
}

let requestCounter = 0;

/**
 * The event API Gateway (REST API, payload format 1.0) hands a Lambda. The
 * body goes as text unless `base64` (the deployed stage sends every body as
 * base64 bytes; requestFromEvent reads both).
 */
export function apiEvent(options: EventOptions = {}): APIGatewayProxyEvent {
  const method = options.method ?? 'POST';
  const path = options.path ?? '/api/sendmail';
  requestCounter += 1;
  return restApiEvent({
    method,
    resource: routeOf(method, path)?.path ?? path,
    path,
    headers: options.headers ?? {},
    query: new URLSearchParams(options.query ?? {}).toString(),
    ...(options.params ? { params: options.params } : {}),
    ...(options.body !== undefined ? { body: options.base64 ? Buffer.from(options.body, 'utf8') : options.body } : {}),
    sourceIp: options.sourceIp ?? '203.0.113.7',
    requestId: options.requestId ?? `req-${requestCounter}`,
    apiId: 'unit',
  });
}

/** A JSON post of `{ data: payload }`, as the site's island sends it. */
export function jsonPost(
  path: string,
  payload: unknown,
  extra: Omit<EventOptions, 'body' | 'path' | 'method'> = {},
): APIGatewayProxyEvent {
  return apiEvent({
    ...extra,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...extra.headers },
    body: JSON.stringify({ data: payload }),
  });
}

/** A plain HTML form post (no JavaScript). */
export function formPost(
  path: string,
  fields: Record<string, string>,
  extra: Omit<EventOptions, 'body' | 'path' | 'method'> = {},
): APIGatewayProxyEvent {
  return apiEvent({
    ...extra,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The Set-Cookie lines of an answer (its multi-value headers, one line each). */
export const setCookiesOf = (response: ApiResponse): string[] => response.multiValueHeaders?.['Set-Cookie'] ?? [];

/** The parsed JSON body of an answer. */
export function bodyOf(response: { body?: string }): unknown {
  return JSON.parse(response.body ?? '');
}
