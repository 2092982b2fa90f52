import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SubmissionStore } from '../ports';
import { expired, isConditionFailure, wroteItOurselves } from '../../platform/wiring/dynamodb-client';

export function dynamoSubmissionStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  nowSeconds: () => number,
): SubmissionStore {
  return {
    async find(submissionId) {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: { submissionId }, ConsistentRead: true }),
      );
      if (!result.Item || expired(result.Item, nowSeconds())) return undefined;
      return { postIndex: Number(result.Item['POST_INDEX']), claimedAt: Number(result.Item['claimedAt'] ?? 0) };
    },
    async remove(submissionId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { submissionId } }));
    },
    async claim(submissionId, claim, expiresAtSeconds) {
      const item = {
        submissionId,
        POST_INDEX: claim.postIndex,
        claimedAt: claim.claimedAt,
        expiresAt: expiresAtSeconds,
      };
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: item,
            ConditionExpression: 'attribute_not_exists(submissionId) OR expiresAt <= :now',
            ExpressionAttributeValues: { ':now': nowSeconds() },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return wroteItOurselves(db, tableName, { submissionId }, item);
        throw error;
      }
    },
  };
}
