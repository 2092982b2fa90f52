import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ThrottleStore } from '../../ports';

/** Fixed windows: the window start is part of the key, so old windows simply expire. */
function windowKey(key: string, windowSeconds: number, now: number) {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  return { key: `${key}@${windowStart}`, expiresAt: windowStart + windowSeconds };
}

export function dynamoThrottleStore(db: DynamoDBDocumentClient, tableName: string): ThrottleStore {
  return {
    async hit(key, windowSeconds, now) {
      const window = windowKey(key, windowSeconds, now);
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { key: window.key },
          UpdateExpression: 'ADD hits :one SET expiresAt = :expiresAt',
          ExpressionAttributeValues: { ':one': 1, ':expiresAt': window.expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.['hits']);
    },
    async count(key, windowSeconds, now) {
      const window = windowKey(key, windowSeconds, now);
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { key: window.key }, ConsistentRead: true }));
      return Number(result.Item?.['hits'] ?? 0);
    },
  };
}
