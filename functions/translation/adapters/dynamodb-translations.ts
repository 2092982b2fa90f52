import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TRANSLATION_INDEXES, TRANSLATION_QUEUE } from '../../../shared/tables';
import type { TranslationJob, TranslationStore } from '../ports';
import { ENQUIRY_SOURCE } from '../translation-queue';
import {
  batchGetAll,
  conditional,
  deleteKeys,
  dueInQueue,
  queryItems,
  transitionItem,
} from '../../platform/wiring/dynamodb-client';

export function dynamoTranslationStore(db: DynamoDBDocumentClient, tableName: string): TranslationStore {
  return {
    add(job) {
      return conditional(() =>
        db.send(
          new PutCommand({ TableName: tableName, Item: job, ConditionExpression: 'attribute_not_exists(postIndex)' }),
        ),
      );
    },

    async get(postIndex, source) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { postIndex, source }, ConsistentRead: true }),
      );
      return Item as TranslationJob | undefined;
    },

    ofEnquiry(postIndex) {
      return queryItems<TranslationJob>(db, {
        TableName: tableName,
        KeyConditionExpression: 'postIndex = :postIndex',
        ExpressionAttributeValues: { ':postIndex': postIndex },
        ConsistentRead: true,
      });
    },

    ofEnquiryTexts(postIndexes) {
      return batchGetAll<TranslationJob>(
        db,
        tableName,
        postIndexes.map((postIndex) => ({ postIndex, source: ENQUIRY_SOURCE })),
      );
    },

    transition(postIndex, source, expected, change) {
      return transitionItem(
        db,
        tableName,
        { postIndex, source },
        { state: expected.state, attempts: expected.attempts },
        change,
        change.queue === undefined ? ['queue', 'nextAt'] : [],
      );
    },

    async due(now, limit) {
      const items = await dueInQueue(db, {
        tableName,
        indexName: TRANSLATION_INDEXES.due,
        queue: TRANSLATION_QUEUE,
        now,
        limit,
      });
      return items.map((item) => ({ postIndex: Number(item['postIndex']), source: String(item['source']) }));
    },

    async remove(postIndex, sources) {
      await deleteKeys(
        db,
        tableName,
        sources.map((source) => ({ postIndex, source })),
      );
    },

    async removeEnquiry(postIndex) {
      const keys = await queryItems<{ postIndex: number; source: string }>(db, {
        TableName: tableName,
        KeyConditionExpression: 'postIndex = :postIndex',
        ExpressionAttributeValues: { ':postIndex': postIndex },
        ProjectionExpression: 'postIndex, #source',
        ExpressionAttributeNames: { '#source': 'source' },
      });
      await deleteKeys(
        db,
        tableName,
        keys.map(({ source }) => ({ postIndex, source })),
      );
    },
  };
}
