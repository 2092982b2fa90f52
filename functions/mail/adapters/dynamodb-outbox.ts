import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OUTBOX_INDEXES } from '../../../shared/tables';
import type { OutboxMail, OutboxStore } from '../ports';
import { conditional, dueInQueue, transitionItem } from '../../platform/wiring/dynamodb-client';

export function dynamoOutboxStore(db: DynamoDBDocumentClient, tableName: string): OutboxStore {
  return {
    add(mail) {
      return conditional(() =>
        db.send(
          new PutCommand({ TableName: tableName, Item: mail, ConditionExpression: 'attribute_not_exists(mailId)' }),
        ),
      );
    },

    async get(mailId) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { mailId }, ConsistentRead: true }));
      return result.Item as OutboxMail | undefined;
    },

    transition(mailId, expected, { forgetContent, ...change }) {
      const removed = [
        ...(change.queue === undefined ? ['queue', 'nextAt'] : []),
        ...(forgetContent ? ['content', 'sealedContent'] : []),
      ];
      return transitionItem(
        db,
        tableName,
        { mailId },
        { status: expected.status, attempts: expected.attempts },
        change,
        removed,
      );
    },

    async remove(mailId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { mailId } }));
    },

    async due(queue, now, limit) {
      return (await dueInQueue(db, { tableName, indexName: OUTBOX_INDEXES.queue, queue, now, limit })).map((item) =>
        String(item['mailId']),
      );
    },
  };
}
