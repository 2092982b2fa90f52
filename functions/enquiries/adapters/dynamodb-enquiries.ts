import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ENQUIRY_INDEXES } from '../../../shared/enquiries/enquiry-table';
import type { EnquiryStore, MailUpdate, StoredEnquiry } from '../ports';
import {
  batchGetAll,
  conditional,
  isConditionFailure,
  queryItems,
  setAssignments,
  wroteItOurselves,
} from '../../platform/wiring/dynamodb-client';
import { dynamoEnquiryLists } from './dynamodb-enquiry-lists';

export function dynamoEnquiryStore(db: DynamoDBDocumentClient, tableName: string): EnquiryStore {
  /** The POST_INDEXes under one key of a keys-only index of one visitor's enquiries (by address, by phone number). */
  async function oneVisitorsIndexes(index: 'byEmail' | 'byPhone', keyName: 'EMAIL_KEY' | 'PHONE_KEY', key: string) {
    const items = await queryItems<StoredEnquiry>(db, {
      TableName: tableName,
      IndexName: ENQUIRY_INDEXES[index],
      KeyConditionExpression: '#key = :key',
      ExpressionAttributeNames: { '#key': keyName },
      ExpressionAttributeValues: { ':key': key },
    });
    return items.map((item) => Number(item['POST_INDEX']));
  }

  /** Updates an enquiry that exists; one removed meanwhile is not brought back as a fragment. */
  async function updateExisting(postIndex: number, expression: string, values?: Record<string, unknown>) {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { POST_INDEX: postIndex },
        ConditionExpression: 'attribute_exists(POST_INDEX)',
        UpdateExpression: expression,
        ...(values ? { ExpressionAttributeValues: values } : {}),
      }),
    );
  }

  /**
   * Sets attributes of an enquiry only if its VERSION is still `expected`, adding one to it; the changed item, or
   * `undefined` when someone changed it first. An enquiry stored before versions existed has none: it counts as 0.
   */
  async function atVersion(
    postIndex: number,
    expected: number,
    set: string[],
    names: Record<string, string>,
    values: Record<string, unknown>,
    remove: readonly string[] = [],
  ) {
    try {
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { POST_INDEX: postIndex },
          ConditionExpression:
            'attribute_exists(POST_INDEX) AND (VERSION = :expected OR (attribute_not_exists(VERSION) AND :expected = :zero))',
          UpdateExpression: `SET ${[...set, 'VERSION = if_not_exists(VERSION, :zero) + :one'].join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: { ...values, ':expected': expected, ':zero': 0, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return result.Attributes as StoredEnquiry;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  return {
    ...dynamoEnquiryLists(db, tableName),

    async create(enquiry) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: enquiry,
            ConditionExpression: 'attribute_not_exists(POST_INDEX)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error))
          return wroteItOurselves(db, tableName, { POST_INDEX: enquiry.POST_INDEX }, { ...enquiry });
        throw error;
      }
    },

    async get(postIndex) {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: { POST_INDEX: postIndex }, ConsistentRead: true }),
      );
      return result.Item as StoredEnquiry | undefined;
    },

    async changeWork(postIndex, expectedVersion, change) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const set = setAssignments(change, names, values);
      return atVersion(postIndex, expectedVersion, set, names, values);
    },

    async changeAtVersion(postIndex, expectedVersion, { set: fields, remove = [] }) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const set = setAssignments(fields, names, values);
      // Through placeholders too: LIST and OWNER are reserved words.
      for (const field of remove) names[`#${field}`] = field;
      return atVersion(
        postIndex,
        expectedVersion,
        set,
        names,
        values,
        remove.map((field) => `#${field}`),
      );
    },

    async addVisitorLinkHash(postIndex, hash, at) {
      // ADD to a string set: a retried call adds nothing more.
      return conditional(() =>
        updateExisting(postIndex, 'ADD VISITOR_LINK_HASHES :hash SET VISITOR_LINKS_ACTIVE_AT = :at', {
          ':hash': new Set([hash]),
          ':at': at,
        }),
      );
    },

    async markVisitorLinksActive(postIndex, at) {
      await conditional(() => updateExisting(postIndex, 'SET VISITOR_LINKS_ACTIVE_AT = :at', { ':at': at }));
    },

    async replaceVisitorLinkHashes(postIndex, expectedVersion, hash, at) {
      return atVersion(
        postIndex,
        expectedVersion,
        [
          'VISITOR_LINK_HASHES = :hashes',
          'UPDATED_AT = :at',
          'LINKS_REPLACED_AT = :at',
          'VISITOR_LINKS_ACTIVE_AT = :at',
          'REPLY_GENERATION = if_not_exists(REPLY_GENERATION, :zero) + :one',
        ],
        {},
        { ':hashes': new Set([hash]), ':at': at },
      );
    },

    async getMany(postIndexes) {
      return batchGetAll<StoredEnquiry>(
        db,
        tableName,
        [...new Set(postIndexes)].map((POST_INDEX) => ({ POST_INDEX })),
      );
    },

    async changeTags(postIndex, expectedRevision, tags, at) {
      try {
        const result = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { POST_INDEX: postIndex },
            ConditionExpression:
              'attribute_exists(POST_INDEX) AND (TAGS_REVISION = :expected OR (attribute_not_exists(TAGS_REVISION) AND :expected = :zero))',
            UpdateExpression: `SET ${tags.length ? 'TAGS = :tags, ' : ''}UPDATED_AT = :at, TAGS_REVISION = if_not_exists(TAGS_REVISION, :zero) + :one${tags.length ? '' : ' REMOVE TAGS'}`,
            ExpressionAttributeValues: {
              ':expected': expectedRevision,
              ':zero': 0,
              ':one': 1,
              ':at': at,
              ...(tags.length ? { ':tags': [...tags] } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return result.Attributes as StoredEnquiry;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // A retried call whose first attempt went through finds its own change: that is a success, not someone else's.
        const written = {
          UPDATED_AT: at,
          TAGS_REVISION: expectedRevision + 1,
          ...(tags.length ? { TAGS: [...tags] } : {}),
        };
        if (!(await wroteItOurselves(db, tableName, { POST_INDEX: postIndex }, written, tags.length ? [] : ['TAGS'])))
          return undefined;
        const { Item: item } = await db.send(
          new GetCommand({ TableName: tableName, Key: { POST_INDEX: postIndex }, ConsistentRead: true }),
        );
        return item as StoredEnquiry | undefined;
      }
    },

    async clearUnread(postIndex, owner, upTo) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { POST_INDEX: postIndex },
            // OWNER is a reserved word, named through a placeholder. An enquiry stored before owners existed has none: nobody owns it.
            ConditionExpression:
              'UNREAD_VISITOR_AT <= :upTo AND (#owner = :owner OR (attribute_not_exists(#owner) AND :owner = :nobody))',
            UpdateExpression: 'REMOVE UNREAD_VISITOR_AT',
            ExpressionAttributeNames: { '#owner': 'OWNER' },
            ExpressionAttributeValues: { ':upTo': upTo, ':owner': owner, ':nobody': '' },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async touch(postIndex, at) {
      await updateExisting(postIndex, 'SET UPDATED_AT = :at', { ':at': at });
    },

    async setHold(postIndex, reason) {
      await (reason === undefined
        ? updateExisting(postIndex, 'REMOVE LEGAL_HOLD')
        : updateExisting(postIndex, 'SET LEGAL_HOLD = :reason', { ':reason': reason }));
    },

    async byEmail(emailKey) {
      return oneVisitorsIndexes('byEmail', 'EMAIL_KEY', emailKey);
    },

    async byPhone(phoneKey) {
      return oneVisitorsIndexes('byPhone', 'PHONE_KEY', phoneKey);
    },

    async remove(postIndex) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { POST_INDEX: postIndex } }));
    },

    async updateMail(postIndex, update: MailUpdate) {
      await updateExisting(postIndex, 'SET MAIL_STATUS = :status, MAIL_ATTEMPTS = :attempts', {
        ':status': update.status,
        ':attempts': update.attempts,
      });
    },
  };
}
