import { BatchWriteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EnquiryEvent, EventStore } from '../../../work/ports';
import { conditional, queryItems } from '../client';

export function dynamoEventStore(db: DynamoDBDocumentClient, tableName: string): EventStore {
  // History is written once: a line is never replaced.
  const putOnce = (event: EnquiryEvent) =>
    db.send(new PutCommand({ TableName: tableName, Item: event, ConditionExpression: 'attribute_not_exists(#at)', ExpressionAttributeNames: { '#at': 'at' } }));
  return {
    async add(event) {
      await putOnce(event);
    },
    addOnce(event) {
      return conditional(() => putOnce(event));
    },
    async removeAll(postIndex) {
      const events = await this.list(postIndex);
      // BatchWriteItem takes 25 at a time and may leave some for another round.
      for (let i = 0; i < events.length; i += 25) {
        let requests: Record<string, unknown>[] = events.slice(i, i + 25).map((event) => ({ DeleteRequest: { Key: { postIndex, at: event.at } } }));
        while (requests.length) {
          const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }));
          requests = (result.UnprocessedItems?.[tableName] ?? []) as Record<string, unknown>[];
        }
      }
    },
    async list(postIndex) {
      const items = await queryItems<EnquiryEvent>(db, {
        TableName: tableName,
        KeyConditionExpression: 'postIndex = :index',
        ExpressionAttributeValues: { ':index': postIndex },
      });
      return items;
    },
  };
}
