/**
 * The reply templates (one item each, the text now) and their earlier
 * versions (one item per revision a save replaced, under the template's id,
 * so a template's history is one key-range read, newest first).
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ReplyTemplate, StoredTemplateVersion, TemplateStore, TemplateVersionStore } from '../ports';
import {
  batchGetAll,
  conditional,
  expired,
  isConditionFailure,
  queryItems,
  wroteItOurselves,
} from '../../platform/wiring/dynamodb-client';

/**
 * The condition of a save over revision `expected`: no template yet (0), one
 * saved before revisions were kept (1, no `revision` attribute), or that revision.
 */
function atRevision(
  expected: number,
): Pick<PutCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  if (expected === 0) return { ConditionExpression: 'attribute_not_exists(templateId)' };
  const same = '#revision = :expected';
  return {
    ConditionExpression:
      expected === 1 ? `attribute_exists(templateId) AND (${same} OR attribute_not_exists(#revision))` : same,
    ExpressionAttributeNames: { '#revision': 'revision' },
    ExpressionAttributeValues: { ':expected': expected },
  };
}

export function dynamoTemplateStore(db: DynamoDBDocumentClient, tableName: string): TemplateStore {
  return {
    async getMany(templateIds) {
      return batchGetAll<ReplyTemplate>(
        db,
        tableName,
        templateIds.map((templateId) => ({ templateId })),
      );
    },
    async get(templateId) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { templateId }, ConsistentRead: true }));
      // Written only by `replace`, so in the shape of a ReplyTemplate.
      return result.Item as ReplyTemplate | undefined;
    },
    async replace(template, expected) {
      try {
        await db.send(new PutCommand({ TableName: tableName, Item: template, ...atRevision(expected) }));
        return true;
      } catch (error) {
        // A retried put whose first attempt went through fails its condition: it is still ours.
        if (isConditionFailure(error))
          return wroteItOurselves(db, tableName, { templateId: template.templateId }, { ...template });
        throw error;
      }
    },
  };
}

export function dynamoTemplateVersionStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  nowSeconds: () => number,
): TemplateVersionStore {
  return {
    async keep(version) {
      // Written once: a version is never changed (a retried save finds its copy there already).
      await conditional(() =>
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: version,
            ConditionExpression: 'attribute_not_exists(#revision)',
            ExpressionAttributeNames: { '#revision': 'revision' },
          }),
        ),
      );
    },
    async get(templateId, revision) {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: { templateId, revision }, ConsistentRead: true }),
      );
      // The emulator has no TTL; in production an expired item may linger up to a few days.
      return result.Item && !expired(result.Item, nowSeconds()) ? (result.Item as StoredTemplateVersion) : undefined;
    },
    async before(templateId, before, limit) {
      const items = await queryItems(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'templateId = :id AND #revision < :before',
          ExpressionAttributeNames: { '#revision': 'revision' },
          ExpressionAttributeValues: { ':id': templateId, ':before': before },
          ScanIndexForward: false,
        },
        limit + 1,
      );
      // Newest first, so the first expired version is followed only by older, expired ones.
      const firstExpired = items.findIndex((item) => expired(item, nowSeconds()));
      // Written only by `keep`, so in the shape of a StoredTemplateVersion.
      const versions = (firstExpired === -1
        ? items
        : items.slice(0, firstExpired)) as unknown as StoredTemplateVersion[];
      return { versions: versions.slice(0, limit), more: versions.length > limit };
    },
  };
}
