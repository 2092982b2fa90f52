import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { formatKoreaDate } from '../../../shared/korea-time';
import type { AccessLogEntry, AccessLogStore } from '../../ports';

/** Korean rules ask for access records of personal data to be kept for at least two years. */
const RETENTION_SECONDS = 3 * 365 * 24 * 60 * 60;

export function dynamoAccessLogStore(db: DynamoDBDocumentClient, tableName: string): AccessLogStore {
  return {
    async record(entry) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...entry,
            day: formatKoreaDate(entry.at),
            // Sort key: time first, then a random part so two entries in one millisecond both stay.
            at: `${new Date(entry.at).toISOString()}#${randomUUID()}`,
            expiresAt: Math.floor(entry.at / 1000) + RETENTION_SECONDS,
          },
          // Written once: a row is never replaced (the functions may only put, never update or delete).
          ConditionExpression: 'attribute_not_exists(#at)',
          ExpressionAttributeNames: { '#at': 'at' },
        }),
      );
    },
    async day(day) {
      const entries: AccessLogEntry[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const result = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: '#day = :day',
            ExpressionAttributeNames: { '#day': 'day' },
            ExpressionAttributeValues: { ':day': day },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of result.Items ?? []) {
          entries.push({
            actor: String(item['actor']),
            action: String(item['action']),
            target: String(item['target']),
            clientAddress: String(item['clientAddress']),
            requestId: String(item['requestId']),
            at: Date.parse(String(item['at']).split('#')[0] ?? ''),
          });
        }
        startKey = result.LastEvaluatedKey;
      } while (startKey);
      return entries;
    },
  };
}
