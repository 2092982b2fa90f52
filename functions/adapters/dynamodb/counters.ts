import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CounterStore } from '../../ports';

export function dynamoCounterStore(db: DynamoDBDocumentClient, tableName: string): CounterStore {
  return {
    async increment(name) {
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { name },
          UpdateExpression: 'ADD #v :one',
          ExpressionAttributeNames: { '#v': 'value' },
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.['value']);
    },
    async read(name) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { name }, ConsistentRead: true }));
      return Number(result.Item?.['value'] ?? 0);
    },
  };
}
