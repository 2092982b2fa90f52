import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StaffAccount, StaffStore } from '../../ports';

export function dynamoStaffStore(db: DynamoDBDocumentClient, tableName: string): StaffStore {
  return {
    async get(email) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { email }, ConsistentRead: true }));
      return result.Item as StaffAccount | undefined;
    },
    async put(account) {
      await db.send(new PutCommand({ TableName: tableName, Item: account }));
    },
  };
}
