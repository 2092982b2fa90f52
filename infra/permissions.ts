/**
 * What each access level of the route table (shared/routes.ts) means in IAM,
 * narrowed to the calls the adapters make (functions/adapters/*):
 *
 * - DynamoDB read: GetItem, BatchGetItem (packages) by key; write: PutItem and UpdateItem
 *   (conditional puts, ADD counters); append: PutItem only. Nothing deletes.
 * - DynamoDB Scan: only where a route lists a table in `scans`, on that table alone (no index),
 *   and only tables that stay tiny (`ScannableTable`: the staff accounts, for the accounts page,
 *   the last-admin check and the owner picker). A Scan reads the whole table, so it is the wrong tool for anything
 *   that grows, and no other function gets it.
 * - DynamoDB listing: Query on the table and its indexes (the enquiry lists, the mail queue),
 *   only for functions that may page through data (staff routes and scheduled jobs), and only on
 *   tables they read: never on the append-only access log. A public
 *   route reads items by key only (sendmail reads back an enquiry by POST_INDEX on a resend),
 *   so it can never list enquiries.
 * - S3 read: GetObject (HeadObject and ranged GetObject use it; presigned download links are
 *   signed with it) and ListBucket, so a missing key answers 404 instead of 403;
 *   write: PutObject (presigned POST uploads, multipart export uploads) and AbortMultipartUpload.
 * - SES: SendEmail only, only on the sender identity, only with that From address.
 * - Lambda: InvokeFunction only, only on the background workers a route starts (WORKERS).
 * - Secrets Manager: GetSecretValue only, only on the secrets a function reads at cold start
 *   (the token-signing secret for login and staff routes, the origin-verify secret for API routes).
 */
import type { Access } from '../shared/resources';

export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
  write: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // Write-once rows (the access log): a new item only, never an update (the put is conditional in the adapter).
  append: ['dynamodb:PutItem'],
  // Changes to items that exist, never a new or whole item (sign-in: the last sign-in, codes used).
  update: ['dynamodb:UpdateItem'],
  // Retention and erasure: one item, and an enquiry's history in batches.
  delete: ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
} as const;

/** Reading many items at once: on the table and each of its indexes, for functions that may list. */
export const LIST_ACTIONS = ['dynamodb:Query'] as const;

/** Reading a whole (tiny) table: on the table itself, never its indexes. */
export const SCAN_ACTIONS = ['dynamodb:Scan'] as const;

export const BUCKET_OBJECT_ACTIONS = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject', 's3:AbortMultipartUpload'],
  append: ['s3:PutObject'],
  update: [],
  delete: ['s3:DeleteObject'],
} as const;

/** Bucket-level actions (on the bucket ARN, not its objects). */
export const BUCKET_ACTIONS = {
  read: ['s3:ListBucket'],
  write: [],
  append: [],
  update: [],
  delete: [],
} as const;

export const SEND_MAIL_ACTIONS = ['ses:SendEmail'] as const;

/** Starting a background worker (an asynchronous invocation), on that worker's function only. */
export const INVOKE_WORKER_ACTIONS = ['lambda:InvokeFunction'] as const;

/** Reading a secret's current value at cold start (functions/secrets.ts), and nothing else. */
export const READ_SECRET_ACTIONS = ['secretsmanager:GetSecretValue'] as const;

export type AccessPart = 'read' | 'write' | 'append' | 'update' | 'delete';

export function accessParts(access: Access): AccessPart[] {
  if (access === 'readWrite') return ['read', 'write'];
  if (access === 'full') return ['read', 'write', 'delete'];
  if (access === 'readAppend') return ['read', 'append'];
  if (access === 'readUpdate') return ['read', 'update'];
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
