import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { TagIndex } from '../ports';
import { isConditionFailure, queryItems } from '../../platform/wiring/dynamodb-client';

/**
 * The tag index table. One item per tag and enquiry (`tag` = `tag#VIP`,
 * `postIndex` = 123), so a tag's enquiries are one partition read newest
 * first by POST_INDEX; and one item (`tag` = `in-use`, `postIndex` = 0) whose
 * attributes count the enquiries of each tag (`n#VIP` = 12), so the tags in
 * use and every tag's total are one read, whatever the number of enquiries.
 * Filing and counting are two writes, not a transaction (the emulator has
 * none): a failure between them leaves a count one off, never an enquiry.
 */
const IN_USE_KEY = { tag: 'in-use', postIndex: 0 };
const partitionOf = (tag: string) => `tag#${tag}`;
const COUNT_PREFIX = 'n#';

/** The table's layout, for the bulk seeding of local/seed/enquiries.ts: a tag's item for an enquiry, and the count attribute of a tag. */
export const TAG_INDEX_LAYOUT = {
  inUseKey: IN_USE_KEY,
  item: (tag: string, postIndex: number) => ({ tag: partitionOf(tag), postIndex }),
  countAttribute: (tag: string) => COUNT_PREFIX + tag,
};

export function dynamoTagIndex(db: DynamoDBDocumentClient, tableName: string): TagIndex {
  async function count(tag: string, delta: 1 | -1): Promise<void> {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: IN_USE_KEY,
        UpdateExpression: 'ADD #n :delta',
        ExpressionAttributeNames: { '#n': COUNT_PREFIX + tag },
        ExpressionAttributeValues: { ':delta': delta },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (Number(result.Attributes?.[COUNT_PREFIX + tag] ?? 0) > 0) return;
    // Nobody carries it any more: it leaves the tags in use, unless someone filed an enquiry under it meanwhile.
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: IN_USE_KEY,
          UpdateExpression: 'REMOVE #n',
          ConditionExpression: '#n <= :zero',
          ExpressionAttributeNames: { '#n': COUNT_PREFIX + tag },
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  const tagQuery = (tag: string, condition: string, values: Record<string, number>) => ({
    TableName: tableName,
    KeyConditionExpression: `#tag = :tag AND ${condition}`,
    ExpressionAttributeNames: { '#tag': 'tag' },
    ExpressionAttributeValues: { ':tag': partitionOf(tag), ...values },
    ProjectionExpression: 'postIndex',
    ScanIndexForward: false,
  });

  return {
    async inUse() {
      const { Item: item = {} } = await db.send(
        new GetCommand({ TableName: tableName, Key: IN_USE_KEY, ConsistentRead: true }),
      );
      return Object.entries(item)
        .filter(([name, value]) => name.startsWith(COUNT_PREFIX) && Number(value) > 0)
        .map(([name, value]) => ({ tag: name.slice(COUNT_PREFIX.length), count: Number(value) }));
    },

    async link(tag, postIndex) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { tag: partitionOf(tag), postIndex },
            ConditionExpression: 'attribute_not_exists(postIndex)',
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
      await count(tag, 1);
      return true;
    },

    async unlink(tag, postIndex) {
      const result = await db.send(
        new DeleteCommand({ TableName: tableName, Key: { tag: partitionOf(tag), postIndex }, ReturnValues: 'ALL_OLD' }),
      );
      if (!result.Attributes) return false;
      await count(tag, -1);
      return true;
    },

    async page(tag, below, limit) {
      const query =
        below === undefined
          ? tagQuery(tag, 'postIndex > :zero', { ':zero': 0 })
          : tagQuery(tag, 'postIndex < :below', { ':below': below });
      const items = await queryItems<{ postIndex: number }>(db, query, limit);
      return items.map((item) => Number(item.postIndex));
    },

    async range(tag, highest, lowest) {
      if (highest < lowest) return [];
      const items = await queryItems<{ postIndex: number }>(
        db,
        tagQuery(tag, 'postIndex BETWEEN :low AND :high', { ':low': lowest, ':high': highest }),
      );
      return items.map((item) => Number(item.postIndex));
    },
  };
}
