import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ACCESS_LOG_COUNT_MINUTES, type AccessLogEntry, type AuditAction } from '../../../shared/audit-actions';
import { formatKoreaDate } from '../../../shared/korea-time';
import { accessLogRetentionSeconds } from '../../../shared/privacy/retention';
import { ACCESS_LOG_COUNTED_PREFIX } from '../../../shared/tables';
import type { AccessLogStore, PlacedAccessLogEntry } from '../ports';
import { queryItems } from '../../platform/wiring/dynamodb-client';

const COUNT_MS = ACCESS_LOG_COUNT_MINUTES * 60_000;

/** Kept as long as the privacy notice says (shared/privacy/retention.ts), then expired by the table's TTL. */
const expiresAt = (at: number) => Math.floor(at / 1000) + accessLogRetentionSeconds();

/**
 * The access log in one table, keyed by Korea day (`day`) and place (`at`):
 *
 * - a row per request in the day's partition, placed at `<ISO time>#<random>`
 *   (two in one millisecond both stay), put once with a condition the key is
 *   new: a second write of the same row is refused by DynamoDB;
 * - a counted row in `counted#<day>`, placed at
 *   `<ISO start of its quarter hour>#<action>#<source>#<route>#<actor>`, so
 *   every refusal of that kind lands on the same item: an UpdateItem ADDs one
 *   to its count and sets its last time; what it first said (first time,
 *   request id, expiry) is set only if not there yet.
 *
 * The two kinds sort together: both places start with an ISO time.
 */
export function dynamoAccessLogStore(db: DynamoDBDocumentClient, tableName: string): AccessLogStore {
  async function readPartition(
    partition: string,
    before: string | undefined,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    return queryItems(
      db,
      {
        TableName: tableName,
        KeyConditionExpression: before === undefined ? '#day = :day' : '#day = :day AND #at < :before',
        ExpressionAttributeNames: { '#day': 'day', ...(before === undefined ? {} : { '#at': 'at' }) },
        ExpressionAttributeValues: { ':day': partition, ...(before === undefined ? {} : { ':before': before }) },
        ScanIndexForward: false,
      },
      limit,
    );
  }

  return {
    async record(entry) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...entry,
            day: formatKoreaDate(entry.at),
            at: `${new Date(entry.at).toISOString()}#${randomUUID()}`,
            expiresAt: expiresAt(entry.at),
          },
          // Written once: a row is never replaced (IAM lets the writers put, never update, in these partitions).
          ConditionExpression: 'attribute_not_exists(#at)',
          ExpressionAttributeNames: { '#at': 'at' },
        }),
      );
    },

    async count(entry) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: countedKey(entry),
          UpdateExpression:
            'ADD #count :one SET #lastAt = :at, #firstAt = if_not_exists(#firstAt, :at), #actor = if_not_exists(#actor, :actor), #action = if_not_exists(#action, :action), ' +
            '#target = if_not_exists(#target, :target), #clientAddress = if_not_exists(#clientAddress, :clientAddress), #requestId = if_not_exists(#requestId, :requestId), #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
          ExpressionAttributeNames: Object.fromEntries(
            ['count', 'lastAt', 'firstAt', 'actor', 'action', 'target', 'clientAddress', 'requestId', 'expiresAt'].map(
              (name) => [`#${name}`, name],
            ),
          ),
          ExpressionAttributeValues: {
            ':one': 1,
            ':at': entry.at,
            ':actor': entry.actor,
            ':action': entry.action,
            ':target': entry.target,
            ':clientAddress': entry.clientAddress,
            ':requestId': entry.requestId,
            ':expiresAt': expiresAt(countStart(entry.at)),
          },
        }),
      );
    },

    async readDay(day, { before, limit }) {
      const [rows, counted] = await Promise.all([
        readPartition(day, before, limit),
        readPartition(`${ACCESS_LOG_COUNTED_PREFIX}${day}`, before, limit),
      ]);
      return [...rows.map(placed), ...counted.map(placed)]
        .sort((a, b) => (a.place < b.place ? 1 : a.place > b.place ? -1 : 0))
        .slice(0, limit);
    },
  };
}

const countStart = (at: number) => at - (at % COUNT_MS);

/** The key of the counted row a refusal lands on: its partition, and its place (its quarter hour, action, source, route and actor). */
export function countedKey(entry: AccessLogEntry): { day: string; at: string } {
  const start = countStart(entry.at);
  return {
    day: `${ACCESS_LOG_COUNTED_PREFIX}${formatKoreaDate(start)}`,
    at: [new Date(start).toISOString(), entry.action, entry.clientAddress, entry.target, entry.actor].join('#'),
  };
}

/** A stored item as the back office reads it, with its place. Written only by `record` and `count`, so the action is one of AUDIT_ACTIONS (shared/audit-actions.ts). */
function placed(item: Record<string, unknown>): PlacedAccessLogEntry {
  const place = String(item['at']);
  const counted = typeof item['count'] === 'number';
  const entry: AccessLogEntry = {
    actor: String(item['actor']),
    action: String(item['action']) as AuditAction,
    target: String(item['target']),
    clientAddress: String(item['clientAddress']),
    requestId: String(item['requestId']),
    at: counted ? Number(item['firstAt']) : Date.parse(place.split('#')[0] ?? ''),
    ...(counted ? { count: Number(item['count']), lastAt: Number(item['lastAt']) } : {}),
  };
  return { entry, place };
}
