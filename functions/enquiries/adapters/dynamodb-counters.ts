import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CounterStore } from '../ports';

export function dynamoCounterStore(db: DynamoDBDocumentClient, tableName: string): CounterStore {
  async function add(name: string, delta: number): Promise<number> {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { name },
        UpdateExpression: 'ADD #v :delta',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':delta': delta },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.['value']);
  }
  return {
    async increment(name) {
      return add(name, 1);
    },
    add,
    async read(name) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { name }, ConsistentRead: true }));
      return Number(result.Item?.['value'] ?? 0);
    },
  };
}
