import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RevokedTokenStore } from '../ports';
import { expired } from '../../platform/wiring/dynamodb-client';

export function dynamoRevokedTokenStore(db: DynamoDBDocumentClient, tableName: string): RevokedTokenStore {
  return {
    async revoke(jti, expiresAtSeconds) {
      await db.send(new PutCommand({ TableName: tableName, Item: { jti, expiresAt: expiresAtSeconds } }));
    },
    async isRevoked(jti, nowSeconds) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { jti }, ConsistentRead: true }));
      return result.Item !== undefined && !expired(result.Item, nowSeconds);
    },
  };
}
