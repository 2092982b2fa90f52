import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ErasureStore } from '../ports';

export function dynamoErasureStore(db: DynamoDBDocumentClient, tableName: string): ErasureStore {
  return {
    async record(tombstone) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: tombstone,
          ConditionExpression: 'attribute_not_exists(erasureId)',
        }),
      );
    },
  };
}
