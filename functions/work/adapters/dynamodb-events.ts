import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EnquiryEvent, EventStore } from '../ports';
import { conditional, deleteKeys, queryItems } from '../../platform/wiring/dynamodb-client';

export function dynamoEventStore(db: DynamoDBDocumentClient, tableName: string): EventStore {
  // History is written once: a line is never replaced.
  const putOnce = (event: EnquiryEvent) =>
    db.send(
      new PutCommand({
        TableName: tableName,
        Item: event,
        ConditionExpression: 'attribute_not_exists(#at)',
        ExpressionAttributeNames: { '#at': 'at' },
      }),
    );
  return {
    async add(event) {
      await putOnce(event);
    },
    addOnce(event) {
      return conditional(() => putOnce(event));
    },
    async remove(postIndex, ats) {
      await deleteKeys(
        db,
        tableName,
        ats.map((at) => ({ postIndex, at })),
      );
    },
    async removeAll(postIndex) {
      await deleteKeys(
        db,
        tableName,
        (await this.list(postIndex)).map((event) => ({ postIndex, at: event.at })),
      );
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
