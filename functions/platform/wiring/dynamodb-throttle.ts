import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ThrottleStore } from '../ports';
import { isConditionFailure } from './dynamodb-client';

/** Fixed windows: the window start is part of the key, so old windows simply expire. */
function windowKey(key: string, windowSeconds: number, now: number) {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  return { key: `${key}@${windowStart}`, expiresAt: windowStart + windowSeconds };
}

export function dynamoThrottleStore(db: DynamoDBDocumentClient, tableName: string): ThrottleStore {
  return {
    async hit(key, windowSeconds, now, amount = 1) {
      const window = windowKey(key, windowSeconds, now);
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { key: window.key },
          UpdateExpression: 'ADD hits :one SET expiresAt = :expiresAt',
          ExpressionAttributeValues: { ':one': amount, ':expiresAt': window.expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.['hits']);
    },
    async release(key, windowSeconds, now, amount = 1) {
      const window = windowKey(key, windowSeconds, now);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { key: window.key },
            UpdateExpression: 'ADD hits :minus',
            // Never below zero: what is taken back was added before, in this window.
            ConditionExpression: 'hits >= :amount',
            ExpressionAttributeValues: { ':minus': -amount, ':amount': amount },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
