import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ExportJob, ExportJobStore } from '../../exports/ports';
import { expired, isConditionFailure, setAssignments } from './client';

export function dynamoExportJobStore(db: DynamoDBDocumentClient, tableName: string, nowSeconds: () => number): ExportJobStore {
  return {
    async create(job) {
      await db.send(new PutCommand({ TableName: tableName, Item: job, ConditionExpression: 'attribute_not_exists(jobId)' }));
    },

    async get(jobId) {
      // Consistent: the worker's last progress report decides whether a job has stalled.
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { jobId }, ConsistentRead: true }));
      if (!result.Item || expired(result.Item, nowSeconds())) return undefined;
      return result.Item as ExportJob;
    },

    async transition(jobId, expected, change) {
      const names: Record<string, string> = { '#status': 'status' };
      const values: Record<string, unknown> = { ':expectedStatus': expected.status };
      let condition = 'attribute_exists(jobId) AND #status = :expectedStatus';
      if (expected.updatedAt !== undefined) {
        names['#updatedAt'] = 'updatedAt';
        values[':expectedUpdatedAt'] = expected.updatedAt;
        condition += ' AND #updatedAt = :expectedUpdatedAt';
      }
      const set = setAssignments(change, names, values);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { jobId },
            ConditionExpression: condition,
            UpdateExpression: `SET ${set.join(', ')}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
