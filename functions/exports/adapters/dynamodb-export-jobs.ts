import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ExportJob, ExportJobStore } from '../ports';
import { conditional, expired, isConditionFailure, setAssignments } from '../../platform/wiring/dynamodb-client';

/**
 * A staff member's export lock is an item of the jobs table beside the jobs,
 * under a key no job id can take (job ids are UUIDs, and the status route
 * refuses anything else): it names the job under way (`lockedJobId`), and
 * the table's TTL attribute says until when it holds.
 */
const ownerLockKey = (owner: string) => ({ jobId: `owner-lock#${owner}` });

/** Tries of the lock's write: between a refused write and the read after it, the lock may be released or expire. */
const LOCK_TRIES = 3;

export function dynamoExportJobStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  nowSeconds: () => number,
): ExportJobStore {
  return {
    async create(job) {
      await db.send(
        new PutCommand({ TableName: tableName, Item: job, ConditionExpression: 'attribute_not_exists(jobId)' }),
      );
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

    async takeOwnerLock(owner, jobId, expiresAt) {
      const key = ownerLockKey(owner);
      for (let attempt = 1; attempt <= LOCK_TRIES; attempt += 1) {
        try {
          await db.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...key, lockedJobId: jobId, expiresAt },
              // Free: never taken, released, or past its time (TTL removes an item only within a day or two).
              ConditionExpression: 'attribute_not_exists(jobId) OR expiresAt <= :now',
              ExpressionAttributeValues: { ':now': nowSeconds() },
            }),
          );
          return undefined;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
        const { Item: held } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
        // Our own write, retried by the SDK after its answer was lost, fails the condition it met the first time.
        if (held?.['lockedJobId'] === jobId) return undefined;
        if (held && !expired(held, nowSeconds())) return String(held['lockedJobId']);
      }
      throw new Error('The export lock was taken and released again several times over');
    },

    async releaseOwnerLock(owner, jobId) {
      // Expired from now: free for the next export, and gone with the table's TTL (only while it still names this job).
      await conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: ownerLockKey(owner),
            ConditionExpression: 'lockedJobId = :jobId',
            UpdateExpression: 'SET expiresAt = :now',
            ExpressionAttributeValues: { ':jobId': jobId, ':now': nowSeconds() },
          }),
        ),
      );
    },
  };
}
