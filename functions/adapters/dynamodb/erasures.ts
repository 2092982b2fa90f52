import { PutCommand, type DocumentDb } from './document-db';
import type { ErasureStore } from '../../ports';

export function dynamoErasureStore(db: DocumentDb, tableName: string): ErasureStore {
  return {
    async record(tombstone) {
      await db.send(new PutCommand({ TableName: tableName, Item: tombstone, ConditionExpression: 'attribute_not_exists(erasureId)' }));
    },
  };
}
