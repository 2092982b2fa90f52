import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '../../../shared/audit-actions';
import { formatKoreaDate } from '../../../shared/korea-time';
import { accessLogRetentionSeconds } from '../../../shared/privacy/retention';
import type { AccessLogStore } from '../../ports';
import { queryItems } from './client';


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
            // Kept as long as the privacy notice says (shared/privacy/retention.ts), then expired by the table's TTL.
            expiresAt: Math.floor(entry.at / 1000) + accessLogRetentionSeconds(),
          },
          // Written once: a row is never replaced (the functions may only put, never update or delete).
          ConditionExpression: 'attribute_not_exists(#at)',
          ExpressionAttributeNames: { '#at': 'at' },
        }),
      );
    },
    async day(day) {
      const items = await queryItems(db, {
        TableName: tableName,
        KeyConditionExpression: '#day = :day',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':day': day },
      });
      return items.map((item) => ({
        actor: String(item['actor']),
        // Written only through `record`, so one of the actions named in shared/audit-actions.ts.
        action: String(item['action']) as AuditAction,
        target: String(item['target']),
        clientAddress: String(item['clientAddress']),
        requestId: String(item['requestId']),
        at: Date.parse(String(item['at']).split('#')[0] ?? ''),
      }));
    },
  };
}
