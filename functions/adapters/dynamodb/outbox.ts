import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OUTBOX_INDEXES } from '../../../shared/tables';
import type { OutboxMail, OutboxStore } from '../../mail/ports';
import { conditional, isConditionFailure, setAssignments, updateExpression, wroteItOurselves } from './client';

export function dynamoOutboxStore(db: DynamoDBDocumentClient, tableName: string): OutboxStore {
  return {
    add(mail) {
      return conditional(() => db.send(new PutCommand({ TableName: tableName, Item: mail, ConditionExpression: 'attribute_not_exists(mailId)' })));
    },

    async get(mailId) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { mailId }, ConsistentRead: true }));
      return result.Item as OutboxMail | undefined;
    },

    async transition(mailId, expected, { forgetContent, ...change }) {
      const names: Record<string, string> = { '#status': 'status', '#attempts': 'attempts' };
      const values: Record<string, unknown> = { ':expectedStatus': expected.status, ':expectedAttempts': expected.attempts };
      const set = setAssignments(change, names, values);
      const leaveQueue = change.queue === undefined;
      const removed = [...(leaveQueue ? ['queue', 'nextAt'] : []), ...(forgetContent ? ['content', 'sealedContent'] : [])];
      const expression = updateExpression(set, removed, names);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { mailId },
            ConditionExpression: '#status = :expectedStatus AND #attempts = :expectedAttempts',
            UpdateExpression: expression,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return wroteItOurselves(db, tableName, { mailId }, change, removed);
        throw error;
      }
    },

    async remove(mailId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { mailId } }));
    },

    async due(queue, now, limit) {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: OUTBOX_INDEXES.queue,
          KeyConditionExpression: '#queue = :queue AND nextAt <= :now',
          ExpressionAttributeNames: { '#queue': 'queue' },
          ExpressionAttributeValues: { ':queue': queue, ':now': now },
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map((item) => String(item['mailId']));
    },
  };
}
