import { BatchGetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReplyTemplate, TemplateStore } from '../../work/ports';

export function dynamoTemplateStore(db: DynamoDBDocumentClient, tableName: string): TemplateStore {
  return {
    async getMany(templateIds) {
      const found: ReplyTemplate[] = [];
      // BatchGetItem takes 100 keys at a time and may leave some for another round.
      for (let i = 0; i < templateIds.length; i += 100) {
        let keys: Record<string, unknown>[] = templateIds.slice(i, i + 100).map((templateId) => ({ templateId }));
        while (keys.length) {
          const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
          found.push(...((result.Responses?.[tableName] ?? []) as ReplyTemplate[]));
          keys = (result.UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
        }
      }
      return found;
    },
    async put(template) {
      await db.send(new PutCommand({ TableName: tableName, Item: template }));
    },
  };
}
