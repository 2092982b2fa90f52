import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EnquiryEvent, EventStore } from '../../ports';

export function dynamoEventStore(db: DynamoDBDocumentClient, tableName: string): EventStore {
  return {
    async add(event) {
      // History is written once: a line is never replaced.
      await db.send(new PutCommand({ TableName: tableName, Item: event, ConditionExpression: 'attribute_not_exists(#at)', ExpressionAttributeNames: { '#at': 'at' } }));
    },
    async list(postIndex) {
      const events: EnquiryEvent[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const result = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'postIndex = :index',
            ExpressionAttributeValues: { ':index': postIndex },
            ExclusiveStartKey: startKey,
          }),
        );
        events.push(...((result.Items ?? []) as EnquiryEvent[]));
        startKey = result.LastEvaluatedKey;
      } while (startKey);
      return events;
    },
  };
}
