/**
 * The access log's immutable copy (docs/architecture.md, 'The access log'):
 * each batch the access-log table's stream delivers becomes one object in
 * the Object Lock bucket, one JSON line per write, with the item as
 * DynamoDB's stream carried it (new and old image, in DynamoDB's own typed
 * JSON, unchanged). What the table's TTL removes at the end of the retention
 * period is left out; anything else that changes or removes a row written
 * once (which no function's IAM allows) is copied with its old image, so the
 * row as first written stays in the copy, and logged as an error.
 */
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { ACCESS_LOG_COUNTED_PREFIX } from '../../shared/tables';
import type { Log } from '../platform/logging';
import type { AccessLogCopyStore } from './ports';

export interface AccessLogCopyDeps {
  accessLogCopies: AccessLogCopyStore;
  log: Log;
}

/** DynamoDB's own removal of an item whose TTL passed. */
const expiredByTtl = (record: DynamoDBRecord) =>
  record.eventName === 'REMOVE' &&
  record.userIdentity?.type === 'Service' &&
  record.userIdentity.principalId === 'dynamodb.amazonaws.com';

/** A change to a row that is written once: a removal other than the TTL's, or a change to a row outside the counted partitions. */
const changesARow = (record: DynamoDBRecord) =>
  record.eventName === 'REMOVE' ||
  (record.eventName === 'MODIFY' && !(record.dynamodb?.Keys?.['day']?.S ?? '').startsWith(ACCESS_LOG_COUNTED_PREFIX));

function lineOf(record: DynamoDBRecord): string {
  const stream = record.dynamodb ?? {};
  return JSON.stringify({
    eventId: record.eventID,
    eventName: record.eventName,
    at:
      stream.ApproximateCreationDateTime === undefined
        ? undefined
        : new Date(stream.ApproximateCreationDateTime * 1000).toISOString(),
    sequenceNumber: stream.SequenceNumber,
    keys: stream.Keys,
    newImage: stream.NewImage,
    oldImage: stream.OldImage,
    userIdentity: record.userIdentity,
  });
}

/** Copies one batch; answers how many writes it copied and where (no object for a batch of TTL removals only). */
export async function copyAccessLogBatch(
  deps: AccessLogCopyDeps,
  event: DynamoDBStreamEvent,
): Promise<{ copied: number; key?: string }> {
  const records = event.Records.filter((record) => !expiredByTtl(record));
  for (const record of records.filter(changesARow)) {
    deps.log.error('access log row changed or removed (kept as first written in the copy)', {
      eventName: record.eventName,
      keys: JSON.stringify(record.dynamodb?.Keys),
    });
  }
  const first = records[0]?.dynamodb;
  const last = records.at(-1)?.dynamodb;
  if (!first || !last) return { copied: 0 };
  // One batch comes from one shard in order: its first and last sequence numbers name it, so a batch delivered again has the same key.
  const day = new Date((first.ApproximateCreationDateTime ?? 0) * 1000).toISOString().slice(0, 10);
  const key = `${day}/${first.SequenceNumber ?? 'unknown'}-${last.SequenceNumber ?? 'unknown'}.jsonl`;
  await deps.accessLogCopies.putOnce(key, `${records.map(lineOf).join('\n')}\n`);
  return { copied: records.length, key };
}
