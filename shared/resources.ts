/**
 * What a function may touch, defined once: the access levels, the buckets, the
 * resources a function uses (tables with their access, buckets, mail, the
 * token secret, the workers it starts, the tables it may Scan), and the
 * functions that are not API routes (the scheduled jobs and the background
 * workers). The CDK stack grants exactly these, and each function reads the
 * settings they need.
 */
import type { Access } from './platform/access';
import type { BucketKey } from './platform/buckets';
import { ERASURE_USES } from './privacy/erasure-uses';
import type { TableKey } from './tables';

export { type Access, combinedAccess } from './platform/access';

export { BUCKETS, type BucketKey } from './platform/buckets';

export interface ResourceUse {
  tables?: Partial<Record<TableKey, Access>>;
  buckets?: Partial<Record<BucketKey, Access>>;
  /**
   * A bucket of `buckets` (or of `objectTagReads`) the function reaches under
   * one key prefix only: its object grant names `<prefix>*`, and it gets no
   * bucket-level action (ListBucket would name every key of the bucket). The
   * staff download of an attachment reads `attachments/` of the inbound
   * bucket, never a raw message.
   */
  objectPrefixes?: Partial<Record<BucketKey, string>>;
  /**
   * Buckets whose objects' tags the function reads (s3:GetObjectTagging,
   * under the bucket's `objectPrefixes` prefix when it has one), never the
   * objects themselves: the malware scan's result GuardDuty tags each kept
   * attachment with, which the thread lists and the download checks
   * (functions/conversation/kept-mail/attachment-scans.ts).
   */
  objectTagReads?: readonly TagReadableBucket[];
  /** Sends mail through SES (to staff, and to visitors with their enquiry's reply address on the inbound domain). */
  sendsMail?: boolean;
  /** Calls the machine-translation engine (Amazon Translate) with the stage's terminology (TRANSLATE_TERMINOLOGY). */
  translates?: boolean;
  /** Files mail received for the inbound domain into the threads (MAIL_RECEIVERS). */
  receivesMail?: boolean;
  /** Signs or verifies staff tokens, so it reads the signing secret. */
  usesTokenSecret?: boolean;
  /** Background workers (WORKERS) it starts, each with an asynchronous invocation. */
  invokes?: readonly WorkerName[];
  /**
   * Tables the function reads whole with a Scan (dynamodb:Scan on the table
   * itself, no index). Only for tables that stay tiny: the staff accounts (a
   * clinic office's dozen), listed on the accounts page, checked for the
   * last active admin, and read for the owners an enquiry may be given to.
   * A Scan reads every item of the table, so it is never granted on
   * enquiries or logs, which grow; those are read by key or Query.
   */
  scans?: readonly ScannableTable[];
  /**
   * The TOTP secrets' KMS key: `seal` (kms:Encrypt) for the enrolment start,
   * which makes a secret; `open` (kms:Decrypt) for the routes that check a
   * code. No other function may use the key, so the sealed secrets every
   * staff route reads with the account stay closed to them.
   */
  totpSecrets?: 'seal' | 'open';
  /**
   * Tables a public route reads one partition of (dynamodb:Query on the
   * table itself, never an index), besides reading them in `tables`: the
   * thread of one enquiry, whose partition is that enquiry, read by the
   * visitor's page once the link has matched it. Staff routes and jobs list
   * every table they read anyway; no public route may list otherwise.
   */
  partitionReads?: readonly PartitionReadableTable[];
}

/** The tables a function may Scan (see `ResourceUse.scans`). */
export type ScannableTable = 'staff';

/** The tables a public route may read one partition of (see `ResourceUse.partitionReads`). */
export type PartitionReadableTable = 'enquiryEvents';

/** The buckets whose objects' tags a function may read (see `ResourceUse.objectTagReads`): the inbound bucket's scan results. */
export type TagReadableBucket = 'inbound';

/** Scheduled jobs, run by EventBridge in production and by a timer locally. */
export const SCHEDULED_JOBS = [
  {
    name: 'retryMail',
    // Every minute: it sends the owner's notices once their gathering ends (functions/mail/visitor-notice/).
    everyMinutes: 1,
    // The token secret opens the sealed words of a one-time link (an invitation, an enrolment) that waited for a retry.
    // inboundMail: the Message-ID SES gave each mail to a visitor, so an answer's In-Reply-To finds its enquiry.
    // translations: read into the staff notices that carry one (functions/mail/notice-translation.ts).
    // enquiryEvents: the visitor's messages an owner's notice gathers, with their attachments' names.
    uses: {
      tables: {
        enquiries: 'readWrite',
        outbox: 'readWrite',
        throttle: 'write',
        inboundMail: 'write',
        translations: 'read',
        enquiryEvents: 'read',
      },
      sendsMail: true,
      usesTokenSecret: true,
    } satisfies ResourceUse,
  },
  {
    // The translations that are due (functions/translation/translation-work.ts): what was stored since the last run, and retries;
    // then the staff notice waiting for each (functions/translation/waiting-notice.ts): the outbox, the day's mail count (throttle),
    // and the staff mail's state copied to its enquiry (an update, never a new item).
    name: 'translate',
    everyMinutes: 1,
    uses: {
      tables: {
        translations: 'readWrite',
        enquiries: 'readUpdate',
        enquiryEvents: 'read',
        counters: 'write',
        outbox: 'readWrite',
        throttle: 'write',
      },
      translates: true,
      sendsMail: true,
    } satisfies ResourceUse,
  },
  {
    name: 'retention',
    everyMinutes: 24 * 60,
    uses: ERASURE_USES satisfies ResourceUse,
  },
] as const;

export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number]['name'];

/** What a scheduled job uses (its declaration above). */
export function scheduledJobUses(name: ScheduledJobName): ResourceUse {
  const job = SCHEDULED_JOBS.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`No scheduled job named ${name}`);
  return job.uses;
}

/**
 * Functions that read a table's stream (DynamoDB Streams, new and old
 * images), in AWS only: the local emulator has no streams. The access log's
 * copy puts every write to the access-log table into the Object Lock bucket,
 * so a row changed or removed in the table (which no function may do) is
 * still there as first written, and the change is there too.
 */
export const STREAM_CONSUMERS = [
  { name: 'accessLogCopy', table: 'accessLog', uses: { buckets: { accessLogCopy: 'append' } } },
] as const satisfies readonly {
  name: string;
  table: TableKey;
  uses: ResourceUse;
}[];

export type StreamConsumerName = (typeof STREAM_CONSUMERS)[number]['name'];

/** What a stream consumer uses (its declaration above). */
export function streamConsumerUses(name: StreamConsumerName): ResourceUse {
  const consumer = STREAM_CONSUMERS.find((candidate) => candidate.name === name);
  if (!consumer) throw new Error(`No stream consumer named ${name}`);
  return consumer.uses;
}

/**
 * The function that files each mail received for the inbound domain
 * (functions/conversation/): into its enquiry's thread, or kept apart in the
 * inbound mail table. In production SES receiving stores the raw message in
 * the inbound bucket and invokes it asynchronously, once per message (the
 * receipt rule, its retries and failure queue: infra/constructs/receiving.ts);
 * locally the SMTP door (local/inbound/) runs it.
 */
export const MAIL_RECEIVERS = [
  {
    name: 'receiveMail',
    uses: {
      // The enquiry then reacts (functions/work/visitor-wrote.ts): its status and the counts by status, the reply-time
      // figures, and its owner's notice through the outbox.
      tables: {
        enquiries: 'readWrite',
        enquiryEvents: 'append',
        throttle: 'write',
        inboundMail: 'readWrite',
        counters: 'write',
        aggregates: 'write',
        outbox: 'readWrite',
        translations: 'readAppend',
      },
      buckets: { inbound: 'readWrite' },
      sendsMail: true,
      // The reply addresses' MACs are checked with the reply-address secret, which comes with receivesMail.
      receivesMail: true,
    },
  },
] as const satisfies readonly { name: string; uses: ResourceUse }[];

export type MailReceiverName = (typeof MAIL_RECEIVERS)[number]['name'];

/** What a mail receiver uses (its declaration above). */
export function mailReceiverUses(name: MailReceiverName): ResourceUse {
  const receiver = MAIL_RECEIVERS.find((candidate) => candidate.name === name);
  if (!receiver) throw new Error(`No mail receiver named ${name}`);
  return receiver.uses;
}

/**
 * Functions an API route starts and does not wait for: an asynchronous
 * invocation in production (Lambda queues the event and runs the function on
 * its own, up to 15 minutes), an in-process job runner on the local stack.
 */
export const WORKER_NAMES = ['exportWorker'] as const;

export type WorkerName = (typeof WORKER_NAMES)[number];

export interface BackgroundWorker {
  /** The variable that carries the worker's function name to the routes that start it. */
  envVar: string;
  uses: ResourceUse;
}

export const WORKERS = {
  exportWorker: {
    envVar: 'EXPORT_WORKER_FUNCTION',
    uses: {
      tables: { enquiries: 'read', counters: 'read', enquiryTags: 'read', exportJobs: 'readWrite' },
      buckets: { exports: 'write' },
    },
  },
} as const satisfies Record<WorkerName, BackgroundWorker>;
