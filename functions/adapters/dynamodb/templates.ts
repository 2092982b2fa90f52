import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReplyTemplate, TemplateStore } from '../../work/ports';
import { batchGetAll } from './client';

export function dynamoTemplateStore(db: DynamoDBDocumentClient, tableName: string): TemplateStore {
  return {
    async getMany(templateIds) {
      return batchGetAll<ReplyTemplate>(db, tableName, templateIds.map((templateId) => ({ templateId })));
    },
    async put(template) {
      await db.send(new PutCommand({ TableName: tableName, Item: template }));
    },
  };
}
