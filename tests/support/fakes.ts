/**
 * In-memory fakes of the ports in functions/ports.ts, an `AppDeps` built from
 * them (with a settable clock and a silent log), and a hand-built API Gateway
 * (HTTP API, payload v2) event. They follow the semantics of the DynamoDB and
 * S3 adapters: conditional creates, fixed throttle windows, a sparse mail queue.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { BestPackage } from '../../shared/packages/best-package';
import { formatKoreaDate } from '../../shared/korea-time';
import type { Settings } from '../../functions/config';
import type { AppDeps } from '../../functions/deps';
import type { Log } from '../../functions/logging';
import type { AccessLogStore, Clock, PolicyStore, RevokedTokenStore, StaffAccount, StaffPolicy, StaffStore, ThrottleStore } from '../../functions/ports';
import type { AccessLogEntry } from '../../shared/audit-actions';
import type { AggregateChange, AggregateItem, AggregateStore } from '../../functions/dashboard/ports';
import type { CounterStore, EnquiryList, EnquiryStore, MailUpdate, WorkChange, WorkIndex, StoredEnquiry } from '../../functions/enquiries/ports';
import type { EnquiryExportReader, ExportJob, ExportJobChange, ExportJobStore, ExportSource, ExportStore, ExportWorker, ExportedEnquiry } from '../../functions/exports/ports';
import type { ImageStore, PackageStore, PresignedUpload } from '../../functions/packages/ports';
import type { Mail, Mailer, OutboxChange, OutboxMail, OutboxStore } from '../../functions/mail/ports';
import type { EnquiryEvent, EventStore, ReplyTemplate, TemplateStore } from '../../functions/work/ports';
import type { ErasureStore, ErasureTombstone } from '../../functions/privacy/ports';
import type { SubmissionClaim, SubmissionStore } from '../../functions/intake/ports';
import { EXPORTED_FIELDS } from '../../functions/exports/ports';
import type { ExportJobState } from '../../shared/exports/export-jobs';
import type { ImageContentType } from '../../shared/packages/uploads';

const clone = <T>(value: T): T => structuredClone(value);

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

const WORK_FIELDS = { byStatus: 'STATUS_LIST', byOwner: 'OWNER_LIST', byStatusOwner: 'STATUS_OWNER' } as const satisfies Record<WorkIndex, keyof StoredEnquiry>;

/** The enquiries table, both as the store and as the export's reader. */
export class FakeEnquiryStore implements EnquiryStore, EnquiryExportReader {
  readonly items = new Map<number, StoredEnquiry>();

  async create(enquiry: StoredEnquiry): Promise<boolean> {
    if (this.items.has(enquiry.POST_INDEX)) return false;
    this.items.set(enquiry.POST_INDEX, clone(enquiry));
    return true;
  }

  async get(postIndex: number): Promise<StoredEnquiry | undefined> {
    const item = this.items.get(postIndex);
    return item ? clone(item) : undefined;
  }

  private inList(list: EnquiryList): { item: StoredEnquiry; seq: number }[] {
    return [...this.items.values()]
      .filter((item) => (list.bySection ? item.SECTION_LIST : item.LIST) === list.partition)
      .map((item) => ({ item, seq: list.bySection ? item.SECTION_SEQ : item.LIST_SEQ }));
  }

  async page(list: EnquiryList, highest: number, lowest: number, limit: number): Promise<StoredEnquiry[]> {
    if (highest < lowest || limit < 1) return [];
    return this.inList(list)
      .filter(({ seq }) => seq >= lowest && seq <= highest)
      .sort((a, b) => b.seq - a.seq)
      .slice(0, limit)
      .map(({ item }) => clone(item));
  }

  async sequenceBounds(list: EnquiryList, fromIso: string, toIso: string) {
    const seqs = this.inList(list)
      .filter(({ item }) => item.RECEIVED_AT >= fromIso && item.RECEIVED_AT <= toIso)
      .map(({ seq }) => seq);
    return seqs.length ? { lowest: Math.min(...seqs), highest: Math.max(...seqs) } : undefined;
  }

  async updateMail(postIndex: number, update: MailUpdate): Promise<void> {
    const item = this.items.get(postIndex);
    if (!item) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    item.MAIL_STATUS = update.status;
    item.MAIL_ATTEMPTS = update.attempts;
  }

  async workPage(index: WorkIndex, key: string, below: number | undefined, limit: number): Promise<StoredEnquiry[]> {
    return [...this.items.values()]
      .filter((item) => item[WORK_FIELDS[index]] === key && (below === undefined || item.POST_INDEX < below))
      .sort((a, b) => b.POST_INDEX - a.POST_INDEX)
      .slice(0, limit)
      .map(clone);
  }

  async exportRange(source: ExportSource, highest: number, lowest: number): Promise<ExportedEnquiry[]> {
    const found =
      source.kind === 'list'
        ? this.inList(source.list)
        : [...this.items.values()].filter((item) => item[WORK_FIELDS[source.index]] === source.key).map((item) => ({ item, seq: item.POST_INDEX }));
    return found
      .filter(({ seq }) => seq >= lowest && seq <= highest)
      .sort((a, b) => b.seq - a.seq)
      .map(({ item }) => Object.fromEntries(EXPORTED_FIELDS.filter((field) => item[field] !== undefined).map((field) => [field, clone(item[field])])) as ExportedEnquiry);
  }

  async changeWork(postIndex: number, expectedVersion: number, change: WorkChange): Promise<StoredEnquiry | undefined> {
    const item = this.items.get(postIndex);
    if (!item || (item.VERSION ?? 0) !== expectedVersion) return undefined;
    for (const [field, value] of Object.entries(change)) if (value !== undefined) (item as unknown as Record<string, unknown>)[field] = value;
    item.VERSION = expectedVersion + 1;
    return clone(item);
  }

  async touch(postIndex: number, at: string): Promise<void> {
    const item = this.items.get(postIndex);
    if (item) item.UPDATED_AT = at;
  }

  async setHold(postIndex: number, reason: string | undefined): Promise<void> {
    const item = this.items.get(postIndex);
    if (!item) return;
    if (reason === undefined) delete item.LEGAL_HOLD;
    else item.LEGAL_HOLD = reason;
  }

  async byEmail(emailKey: string): Promise<number[]> {
    return [...this.items.values()].filter((item) => item.EMAIL_KEY === emailKey).map((item) => item.POST_INDEX);
  }

  async inactive(list: 'ALL' | 'SPAM', beforeIso: string, limit: number): Promise<number[]> {
    return [...this.items.values()]
      .filter((item) => item.LIST === list && item.UPDATED_AT < beforeIso && item.LEGAL_HOLD === undefined)
      .sort((a, b) => (a.UPDATED_AT < b.UPDATED_AT ? -1 : 1))
      .slice(0, limit)
      .map((item) => item.POST_INDEX);
  }

  async countInactive(list: 'ALL' | 'SPAM', beforeIso: string): Promise<number> {
    return [...this.items.values()].filter((item) => item.LIST === list && item.UPDATED_AT < beforeIso && item.LEGAL_HOLD === undefined).length;
  }

  async remove(postIndex: number): Promise<void> {
    this.items.delete(postIndex);
  }
}

export class FakeErasureStore implements ErasureStore {
  readonly items: ErasureTombstone[] = [];
  async record(tombstone: ErasureTombstone): Promise<void> {
    this.items.push(clone(tombstone));
  }
}

export class FakeEventStore implements EventStore {
  readonly items: EnquiryEvent[] = [];
  async add(event: EnquiryEvent): Promise<void> {
    if (this.items.some((existing) => existing.postIndex === event.postIndex && existing.at === event.at)) throw new Error('event exists');
    this.items.push(clone(event));
  }
  async list(postIndex: number): Promise<EnquiryEvent[]> {
    return this.items.filter((event) => event.postIndex === postIndex).sort((a, b) => (a.at < b.at ? -1 : 1)).map(clone);
  }
  async removeAll(postIndex: number): Promise<void> {
    for (let i = this.items.length - 1; i >= 0; i -= 1) if (this.items[i]?.postIndex === postIndex) this.items.splice(i, 1);
  }
}

export class FakeTemplateStore implements TemplateStore {
  readonly items = new Map<string, ReplyTemplate>();
  async getMany(templateIds: string[]): Promise<ReplyTemplate[]> {
    return templateIds.flatMap((id) => (this.items.has(id) ? [clone(this.items.get(id) as ReplyTemplate)] : []));
  }
  async put(template: ReplyTemplate): Promise<void> {
    this.items.set(template.templateId, clone(template));
  }
}

/** The outbox in memory, with the same conditional transitions as the DynamoDB adapter. */
export class FakeOutboxStore implements OutboxStore {
  readonly items = new Map<string, OutboxMail>();
  async add(mail: OutboxMail): Promise<boolean> {
    if (this.items.has(mail.mailId)) return false;
    this.items.set(mail.mailId, clone(mail));
    return true;
  }
  async get(mailId: string): Promise<OutboxMail | undefined> {
    const item = this.items.get(mailId);
    return item ? clone(item) : undefined;
  }
  async transition(mailId: string, expected: Pick<OutboxMail, 'status' | 'attempts'>, change: OutboxChange): Promise<boolean> {
    const item = this.items.get(mailId);
    if (!item || item.status !== expected.status || item.attempts !== expected.attempts) return false;
    const next: OutboxMail = { ...item };
    for (const [field, value] of Object.entries(change)) if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
    if (change.queue === undefined) {
      delete next.queue;
      delete next.nextAt;
    }
    this.items.set(mailId, next);
    return true;
  }
  async remove(mailId: string): Promise<void> {
    this.items.delete(mailId);
  }
  async due(queue: string, now: number, limit: number): Promise<string[]> {
    return [...this.items.values()]
      .filter((item) => item.queue === queue && item.nextAt !== undefined && item.nextAt <= now)
      .sort((a, b) => (a.nextAt ?? 0) - (b.nextAt ?? 0))
      .slice(0, limit)
      .map((item) => item.mailId);
  }
}

export class FakeCounterStore implements CounterStore {
  readonly values = new Map<string, number>();
  async increment(name: string): Promise<number> {
    return this.add(name, 1);
  }
  async add(name: string, delta: number): Promise<number> {
    const next = (this.values.get(name) ?? 0) + delta;
    this.values.set(name, next);
    return next;
  }
  async read(name: string): Promise<number> {
    return this.values.get(name) ?? 0;
  }
}

export class FakeSubmissionStore implements SubmissionStore {
  readonly items = new Map<string, SubmissionClaim & { expiresAt: number }>();
  constructor(private readonly clock: Clock) {}
  private nowSeconds() {
    return Math.floor(this.clock.now() / 1000);
  }
  async find(submissionId: string): Promise<SubmissionClaim | undefined> {
    const item = this.items.get(submissionId);
    return item && item.expiresAt > this.nowSeconds() ? { postIndex: item.postIndex, claimedAt: item.claimedAt } : undefined;
  }
  async remove(submissionId: string): Promise<void> {
    this.items.delete(submissionId);
  }
  async claim(submissionId: string, claim: SubmissionClaim, expiresAtSeconds: number): Promise<boolean> {
    const item = this.items.get(submissionId);
    if (item && item.expiresAt > this.nowSeconds()) return false;
    this.items.set(submissionId, { ...claim, expiresAt: expiresAtSeconds });
    return true;
  }
}

export class FakePackageStore implements PackageStore {
  readonly items = new Map<number, BestPackage>();
  async list(): Promise<BestPackage[]> {
    return [...this.items.values()].sort((a, b) => a.INDEX - b.INDEX).map(clone);
  }
  async get(index: number): Promise<BestPackage | undefined> {
    const item = this.items.get(index);
    return item ? clone(item) : undefined;
  }
  async update(index: number, fields: Partial<BestPackage>, remove: readonly (keyof BestPackage)[] = []): Promise<BestPackage> {
    const item = this.items.get(index);
    if (!item) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    const updated: Record<string, unknown> = { ...item };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) updated[field] = value;
    for (const field of remove) delete updated[field];
    this.items.set(index, updated as BestPackage);
    return clone(updated as BestPackage);
  }
  async put(pkg: BestPackage): Promise<void> {
    this.items.set(pkg.INDEX, clone(pkg));
  }
}

/** Staff accounts, with the adapter's conditional writes (revision, time steps, recovery codes) and its dropping of undefined attributes. */
export class FakeStaffStore implements StaffStore {
  readonly items = new Map<string, StaffAccount>();
  private store(account: StaffAccount) {
    this.items.set(account.email, Object.fromEntries(Object.entries(clone(account)).filter(([, value]) => value !== undefined)) as unknown as StaffAccount);
  }
  async get(email: string): Promise<StaffAccount | undefined> {
    const item = this.items.get(email);
    return item ? clone(item) : undefined;
  }
  async put(account: StaffAccount): Promise<void> {
    this.store(account);
  }
  async list(): Promise<StaffAccount[]> {
    return [...this.items.values()].map(clone);
  }
  async replace(account: StaffAccount, expectedRevision: number): Promise<boolean> {
    if ((this.items.get(account.email)?.revision ?? 0) !== expectedRevision) return false;
    this.store({ ...account, revision: expectedRevision + 1 });
    return true;
  }
  async recordSignIn(email: string, at: string): Promise<void> {
    const item = this.items.get(email);
    if (item) item.lastSignInAt = at;
  }
  async useTotpStep(email: string, step: number): Promise<boolean> {
    const item = this.items.get(email);
    if (!item?.totpSecret || (item.totpLastStep !== undefined && item.totpLastStep >= step)) return false;
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
}

export class FakePolicyStore implements PolicyStore {
  policy: StaffPolicy | undefined;
  async get(): Promise<StaffPolicy | undefined> {
    return this.policy ? clone(this.policy) : undefined;
  }
  async put(policy: StaffPolicy): Promise<void> {
    this.policy = clone(policy);
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
  async hit(key: string, windowSeconds: number, now: number): Promise<number> {
    const window = this.windowKey(key, windowSeconds, now);
    const next = (this.counts.get(window) ?? 0) + 1;
    this.counts.set(window, next);
    return next;
  }
  async release(key: string, windowSeconds: number, now: number): Promise<void> {
    const window = this.windowKey(key, windowSeconds, now);
    this.counts.set(window, Math.max(0, (this.counts.get(window) ?? 0) - 1));
  }
}

export class FakeAccessLogStore implements AccessLogStore {
  readonly entries: AccessLogEntry[] = [];
  async record(entry: AccessLogEntry): Promise<void> {
    this.entries.push({ ...entry });
  }
  async day(day: string): Promise<AccessLogEntry[]> {
    return this.entries.filter((entry) => formatKoreaDate(entry.at) === day).sort((a, b) => a.at - b.at);
  }
}

/** The aggregates table in memory: counters added to and lists appended to, as the DynamoDB adapter does. */
export class FakeAggregateStore implements AggregateStore {
  readonly items = new Map<string, AggregateItem>();
  /** Set to make the next updates fail (the dashboard's hooks must not fail the request). */
  failWith: Error | undefined;
  async update(key: string, change: AggregateChange): Promise<void> {
    if (this.failWith) throw this.failWith;
    const item = this.items.get(key) ?? { counters: {}, lists: {} };
    for (const [name, delta] of Object.entries(change.add ?? {})) item.counters[name] = (item.counters[name] ?? 0) + delta;
    for (const [name, values] of Object.entries(change.append ?? {})) item.lists[name] = [...(item.lists[name] ?? []), ...values];
    this.items.set(key, item);
  }
  async getMany(keys: readonly string[]): Promise<Map<string, AggregateItem>> {
    return new Map(keys.flatMap((key) => (this.items.has(key) ? [[key, clone(this.items.get(key) as AggregateItem)] as const] : [])));
  }
}

/** What SES answers when it refuses a mail: an error with a status, so the mail was not sent. */
export const sesRefused = () => Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
/** What DynamoDB answers when it refuses a call (unavailable, or throttled with `ProvisionedThroughputExceededException`). */
export const dynamoRefused = (name = 'ServiceUnavailableException') => Object.assign(new Error('DynamoDB refused the call'), { name });
/** A call cut off after the request went out (a time-out): SES may have accepted the mail. */
export const sesCutOff = () => Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });

/** Remembers every mail; `failWith` makes the next sends throw. */
export class FakeMailer implements Mailer {
  readonly sent: Mail[] = [];
  attempts = 0;
  failWith: Error | undefined;
  async send(mail: Mail): Promise<void> {
    this.attempts += 1;
    if (this.failWith) throw this.failWith;
    this.sent.push(mail);
  }
}

export class FakeImageStore implements ImageStore {
  readonly objects = new Map<string, { body: Uint8Array; contentType: string }>();
  readonly presigned: { key: string; contentType: ImageContentType; maxBytes: number; expiresSeconds: number }[] = [];
  async presignUpload(key: string, contentType: ImageContentType, maxBytes: number, expiresSeconds: number): Promise<PresignedUpload> {
    this.presigned.push({ key, contentType, maxBytes, expiresSeconds });
    return { url: 'https://images.example.invalid/', fields: { key, 'Content-Type': contentType } };
  }
  async inspect(key: string, headBytes: number): Promise<{ size: number; head: Uint8Array } | undefined> {
    const object = this.objects.get(key);
    return object ? { size: object.body.length, head: object.body.slice(0, headBytes) } : undefined;
  }
  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    this.objects.set(key, { body: body.slice(), contentType });
  }
  async copy(fromKey: string, toKey: string, contentType: string): Promise<void> {
    const object = this.objects.get(fromKey);
    if (!object) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    this.objects.set(toKey, { body: object.body.slice(), contentType });
  }
}

export class FakeExportStore implements ExportStore {
  readonly files = new Map<string, { body: string; fileName: string }>();
  /** Set to make the bucket refuse an upload once this many characters have arrived (as S3 refusing a part mid-export). */
  refuseAfterChars: number | undefined;
  async upload(key: string, body: AsyncIterable<string> | Iterable<string>, fileName: string): Promise<void> {
    let text = '';
    for await (const chunk of body) {
      text += chunk;
      if (this.refuseAfterChars !== undefined && text.length > this.refuseAfterChars) {
        throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied' });
      }
    }
    // Like a multipart upload, the object appears only once it is complete.
    this.files.set(key, { body: text, fileName });
  }
  async exists(key: string): Promise<boolean> {
    return this.files.has(key);
  }
  async removeAll(): Promise<number> {
    const count = this.files.size;
    this.files.clear();
    return count;
  }
  async downloadUrl(key: string, fileName: string, expiresSeconds: number): Promise<string> {
    return `https://exports.example.invalid/${key}?name=${encodeURIComponent(fileName)}&expires=${expiresSeconds}`;
  }
}

export class FakeExportJobStore implements ExportJobStore {
  readonly jobs = new Map<string, ExportJob>();
  constructor(private readonly clock: Clock) {}
  async create(job: ExportJob): Promise<void> {
    if (this.jobs.has(job.jobId)) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    this.jobs.set(job.jobId, clone(job));
  }
  async get(jobId: string): Promise<ExportJob | undefined> {
    const job = this.jobs.get(jobId);
    return job && job.expiresAt > this.clock.now() / 1000 ? clone(job) : undefined;
  }
  async transition(jobId: string, expected: { status: ExportJobState; updatedAt?: number }, change: ExportJobChange): Promise<boolean> {
    const job = this.jobs.get(jobId);
    if (!job || job.status !== expected.status || (expected.updatedAt !== undefined && job.updatedAt !== expected.updatedAt)) return false;
    for (const [field, value] of Object.entries(change)) if (value !== undefined) (job as unknown as Record<string, unknown>)[field] = value;
    return true;
  }
}

/** Remembers the jobs it was asked to start; a test runs them (runExportJob) when it wants to. */
export class FakeExportWorker implements ExportWorker {
  readonly started: string[] = [];
  /** Set to make starting the worker fail (Lambda refusing the invocation). */
  refuse: Error | undefined;
  async start(jobId: string): Promise<void> {
    if (this.refuse) throw this.refuse;
    this.started.push(jobId);
  }
}

export const TEST_TOKEN_SECRET = 'unit-test-secret-that-is-long-enough-0123456789';

/** Every setting filled in, as `readSettings` would give for a function that uses everything. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    TABLE_ENQUIRIES: 'enquiries',
    TABLE_OUTBOX: 'outbox',
    TABLE_ENQUIRY_EVENTS: 'enquiry-events',
    TABLE_REPLY_TEMPLATES: 'reply-templates',
    TABLE_ERASURES: 'erasures',
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
    MAIL_FROM: 'no-reply@example.com',
    MAIL_TO: 'staff@example.com',
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    TOKEN_ISSUER: 'medical-tourism-centre',
    TOKEN_AUDIENCE: 'medical-tourism-staff',
    SEND_LIMIT_PER_MINUTE: 5,
    SEND_LIMIT_PER_DAY: 50,
    LOGIN_FAILURES_PER_ACCOUNT: 5,
    LOGIN_FAILURES_PER_ADDRESS: 20,
    MAIL_TIMEOUT_MS: 3_000,
    MAIL_DAILY_CAP: 500,
    SITE_URL: 'https://site.example',
    REPLY_PROMISE_WORKING_DAYS: 1,
    ACKNOWLEDGE_VISITORS: true,
    EXPORT_INLINE_MAX_BYTES: 1_000_000,
    ORIGIN_VERIFY_SECRET: '',
    REQUIRE_TWO_FACTOR: false,
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
  mailer: FakeMailer;
  images: FakeImageStore;
  exports: FakeExportStore;
  exportJobs: FakeExportJobStore;
  exportWorker: FakeExportWorker;
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
    erasures: new FakeErasureStore(),
    counters: new FakeCounterStore(),
    submissions: new FakeSubmissionStore(clock),
    packages: new FakePackageStore(),
    staff: new FakeStaffStore(),
    revokedTokens: new FakeRevokedTokenStore(),
    throttle: new FakeThrottleStore(),
    accessLog: new FakeAccessLogStore(),
    policies: new FakePolicyStore(),
    aggregates: new FakeAggregateStore(),
    mailer: new FakeMailer(),
    images: new FakeImageStore(),
    exports: new FakeExportStore(),
    exportJobs: new FakeExportJobStore(clock),
    exportWorker: new FakeExportWorker(),
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

/** The event API Gateway (HTTP API, payload format 2.0) hands a Lambda. */
export function apiEvent(options: EventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'POST';
  const path = options.path ?? '/api/sendmail';
  const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const rawQueryString = new URLSearchParams(options.query ?? {}).toString();
  const now = Date.now();
  requestCounter += 1;
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString,
    headers,
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.params ? { pathParameters: options.params } : {}),
    requestContext: {
      accountId: 'unit',
      apiId: 'unit',
      domainName: 'example.test',
      domainPrefix: 'example',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: options.sourceIp ?? '203.0.113.7', userAgent: 'vitest' },
      requestId: options.requestId ?? `req-${requestCounter}`,
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(options.body !== undefined
      ? { body: options.base64 ? Buffer.from(options.body, 'utf8').toString('base64') : options.body }
      : {}),
    isBase64Encoded: options.base64 === true,
  };
}

/** A JSON post of `{ data: payload }`, as the site's island sends it. */
export function jsonPost(path: string, payload: unknown, extra: Omit<EventOptions, 'body' | 'path' | 'method'> = {}): APIGatewayProxyEventV2 {
  return apiEvent({
    ...extra,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...extra.headers },
    body: JSON.stringify({ data: payload }),
  });
}

/** A plain HTML form post (no JavaScript). */
export function formPost(path: string, fields: Record<string, string>, extra: Omit<EventOptions, 'body' | 'path' | 'method'> = {}): APIGatewayProxyEventV2 {
  return apiEvent({
    ...extra,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The parsed JSON body of an answer. */
export function bodyOf(response: { body?: string }): unknown {
  return JSON.parse(response.body ?? '');
}
