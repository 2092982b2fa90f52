/**
 * What each access level of the route table (shared/routes.ts) means in IAM,
 * narrowed to the calls the adapters make (each feature's `functions/<feature>/adapters/`):
 *
 * - DynamoDB read: GetItem, BatchGetItem (packages) by key; write: PutItem and UpdateItem
 *   (conditional puts, ADD counters); append: PutItem only; log (the access log's writers):
 *   PutItem outside the counted partitions and UpdateItem only in them (ACCESS_LOG_WRITES).
 *   Nothing deletes but retention and erasure.
 * - DynamoDB readProfile (the staff table): GetItem and Scan that name only the accounts' profile
 *   attributes (`dynamodb:Attributes`, and `dynamodb:Select` SPECIFIC_ATTRIBUTES so no read returns
 *   the whole item), so a staff function cannot read a password hash, a link's hash or a two-factor
 *   secret: only the routes that check or change those read whole accounts.
 * - DynamoDB Scan: only where a route lists a table in `scans`, on that table alone (no index),
 *   and only tables that stay tiny (`ScannableTable`: the staff accounts, for the accounts page,
 *   the last-admin check and the owner picker). A Scan reads the whole table, so it is the wrong tool for anything
 *   that grows, and no other function gets it.
 * - DynamoDB listing: Query on the table and its indexes (the enquiry lists, the mail queue),
 *   only for functions that may page through data (staff routes and scheduled jobs), and only on
 *   tables they read: never on the append-only access log. A public
 *   route reads items by key only (sendmail reads back an enquiry by POST_INDEX on a resend),
 *   so it can never list enquiries; the visitor's page also reads one enquiry's thread, a partition of
 *   the events table, with Query on that table alone (`partitionReads`), after the link matched it.
 * - S3 read: GetObject (HeadObject and ranged GetObject use it; presigned download links are
 *   signed with it) and ListBucket, so a missing key answers 404 instead of 403;
 *   write: PutObject (presigned POST uploads, multipart export uploads) and AbortMultipartUpload;
 *   tag reads (`objectTagReads`): GetObjectTagging alone, under the route's prefix (the scan results).
 * - SES: SendEmail only, only on the sender identity, only with that From address.
 * - Lambda: InvokeFunction only, only on the background workers a route starts (WORKERS).
 * - Secrets Manager: GetSecretValue only, only on the secrets a function reads at cold start
 *   (the token-signing secret for login and staff routes, the origin-verify secret for API routes).
 */
import type { Access } from '../shared/resources';
import { ACCESS_LOG_COUNTED_PREFIX } from '../shared/tables';
import { STAFF_PROFILE_ATTRIBUTES } from '../functions/accounts/staff-profile';

export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
  write: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // Write-once rows (the history, the tombstones): a new item only, never an update (the put is conditional in the adapter).
  append: ['dynamodb:PutItem'],
  // The access log's writers: nothing unconditional (ACCESS_LOG_WRITES).
  log: [],
  // Changes to items that exist, never a new or whole item (sign-in: the last sign-in, codes used).
  update: ['dynamodb:UpdateItem'],
  // Retention and erasure: one item, and an enquiry's history in batches.
  delete: ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
  // Only with PROFILE_READ's condition.
  profile: [],
} as const;

/**
 * A read of the staff accounts' profiles alone (`readProfile`, and every Scan
 * of the staff table: the adapter's list reads profiles): the request must
 * name its attributes, all of them profile attributes.
 */
export const PROFILE_READ = {
  getActions: ['dynamodb:GetItem'],
  condition: {
    'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...STAFF_PROFILE_ATTRIBUTES] },
    StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
  },
} as const;

/**
 * What the access log's writers may do, each only on the keys named (IAM's
 * `dynamodb:LeadingKeys`, the partition key): put a row outside the counted
 * partitions, and update (the count's ADD) only inside them. So no writer can
 * change a row written once with an update, nor replace a count with a put.
 * IAM cannot say "only with attribute_not_exists": that a put never replaces
 * a row is the adapter's condition (functions/audit/adapters/dynamodb-access-log.ts),
 * and the stream's copy under Object Lock keeps any row as first written
 * whatever happens to the table (docs/architecture.md, 'The access log').
 */
export const ACCESS_LOG_WRITES = [
  {
    actions: ['dynamodb:PutItem'],
    condition: { 'ForAllValues:StringNotLike': { 'dynamodb:LeadingKeys': [`${ACCESS_LOG_COUNTED_PREFIX}*`] } },
  },
  {
    actions: ['dynamodb:UpdateItem'],
    condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${ACCESS_LOG_COUNTED_PREFIX}*`] } },
  },
] as const;

/** Reading many items at once: on the table and each of its indexes, for functions that may list. */
export const LIST_ACTIONS = ['dynamodb:Query'] as const;

/** Reading a whole (tiny) table: on the table itself, never its indexes. */
export const SCAN_ACTIONS = ['dynamodb:Scan'] as const;

export const BUCKET_OBJECT_ACTIONS = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject', 's3:AbortMultipartUpload'],
  append: ['s3:PutObject'],
  log: [],
  update: [],
  delete: ['s3:DeleteObject'],
  profile: [],
} as const;

/**
 * Reading an object's tags, never its bytes (`ResourceUse.objectTagReads`): the malware scan's result GuardDuty tags
 * each kept attachment with, on the objects under the route's prefix alone.
 */
export const OBJECT_TAG_READ_ACTIONS = ['s3:GetObjectTagging'] as const;

/** Bucket-level actions (on the bucket ARN, not its objects). */
export const BUCKET_ACTIONS = {
  read: ['s3:ListBucket'],
  write: [],
  append: [],
  log: [],
  update: [],
  delete: [],
  profile: [],
} as const;

export const SEND_MAIL_ACTIONS = ['ses:SendEmail'] as const;

/** Starting a background worker (an asynchronous invocation), on that worker's function only. */
export const INVOKE_WORKER_ACTIONS = ['lambda:InvokeFunction'] as const;

/** Reading a secret's current value at cold start (functions/platform/secrets.ts), and nothing else. */
export const READ_SECRET_ACTIONS = ['secretsmanager:GetSecretValue'] as const;

/** The TOTP key's use by a route (`ResourceUse.totpSecrets`): Encrypt alone to seal, Decrypt alone to open (no ReEncrypt, no data keys). */
export const TOTP_KEY_ACTIONS = { seal: ['kms:Encrypt'], open: ['kms:Decrypt'] } as const;

/**
 * Machine translation: TranslateText, and Comprehend's language detection,
 * which Translate calls as the caller for an `auto` source (neither names a
 * resource of ours); and the stage's terminology, read and imported by name.
 */
export const TRANSLATE_TEXT_ACTIONS = ['translate:TranslateText', 'comprehend:DetectDominantLanguage'] as const;
export const TERMINOLOGY_ACTIONS = ['translate:GetTerminology', 'translate:ImportTerminology'] as const;

export type AccessPart = 'read' | 'write' | 'append' | 'log' | 'update' | 'delete' | 'profile';

export function accessParts(access: Access): AccessPart[] {
  if (access === 'readWrite') return ['read', 'write'];
  if (access === 'full') return ['read', 'write', 'delete'];
  if (access === 'readAppend') return ['read', 'append'];
  if (access === 'readLog') return ['read', 'log'];
  if (access === 'readUpdate') return ['read', 'update'];
  if (access === 'readProfile') return ['profile'];
  return [access];
}

export function tableActions(access: Access): string[] {
  return accessParts(access).flatMap((part) => [...TABLE_ACTIONS[part]]);
}

export function bucketObjectActions(access: Access): string[] {
  return accessParts(access).flatMap((part) => [...BUCKET_OBJECT_ACTIONS[part]]);
}

export function bucketActions(access: Access): string[] {
  return accessParts(access).flatMap((part) => [...BUCKET_ACTIONS[part]]);
}
