import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENQUIRY_INDEXES } from '../../../shared/enquiries/enquiry-table';
import type { EnquiryList, EnquiryStore, StoredEnquiry } from '../ports';
import { queryCount, queryItems } from '../../platform/wiring/dynamodb-client';
import { WORK_PARTITIONS, listKeys } from './enquiry-keys';

/** The enquiry store's list queries: the pages of a list, its bounds in time, the work lists, the inactive enquiries. */
export function dynamoEnquiryLists(
  db: DynamoDBDocumentClient,
  tableName: string,
): Pick<EnquiryStore, 'page' | 'sequenceBounds' | 'workPage' | 'inactive' | 'countInactive'> {
  async function edgeSequence(list: EnquiryList, fromIso: string, toIso: string, newestFirst: boolean) {
    const keys = listKeys(list);
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: keys.byTime,
        KeyConditionExpression: '#p = :p AND RECEIVED_AT BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#p': keys.partition },
        ExpressionAttributeValues: { ':p': list.partition, ':from': fromIso, ':to': toIso },
        ScanIndexForward: !newestFirst,
        Limit: 1,
      }),
    );
    const sequence = result.Items?.[0]?.[keys.sequence];
    return typeof sequence === 'number' ? sequence : undefined;
  }

  const inactiveQuery = (list: string, beforeIso: string) => ({
    TableName: tableName,
    IndexName: ENQUIRY_INDEXES.byActivity,
    // LIST is a reserved word in DynamoDB expressions: named through a placeholder.
    KeyConditionExpression: '#list = :list AND UPDATED_AT < :before',
    FilterExpression: 'attribute_not_exists(LEGAL_HOLD)',
    ExpressionAttributeNames: { '#list': 'LIST' },
    ExpressionAttributeValues: { ':list': list, ':before': beforeIso },
  });

  return {
    async page(list, highest, lowest, limit) {
      if (highest < lowest || limit < 1) return [];
      const keys = listKeys(list);
      const items = await queryItems<StoredEnquiry>(
        db,
        {
          TableName: tableName,
          IndexName: keys.bySequence,
          KeyConditionExpression: '#p = :p AND #s BETWEEN :low AND :high',
          ExpressionAttributeNames: { '#p': keys.partition, '#s': keys.sequence },
          ExpressionAttributeValues: { ':p': list.partition, ':low': lowest, ':high': highest },
          ScanIndexForward: false,
        },
        limit,
      );
      return items;
    },

    async sequenceBounds(list, fromIso, toIso) {
      const [lowest, highest] = await Promise.all([
        edgeSequence(list, fromIso, toIso, false),
        edgeSequence(list, fromIso, toIso, true),
      ]);
      return lowest === undefined || highest === undefined ? undefined : { lowest, highest };
    },

    async workPage(index, key, below, limit) {
      const partition = WORK_PARTITIONS[index];
      const items = await queryItems<StoredEnquiry>(
        db,
        {
          TableName: tableName,
          IndexName: ENQUIRY_INDEXES[index],
          KeyConditionExpression: below === undefined ? '#p = :p' : '#p = :p AND POST_INDEX < :below',
          ExpressionAttributeNames: { '#p': partition },
          ExpressionAttributeValues: { ':p': key, ...(below === undefined ? {} : { ':below': below }) },
          ScanIndexForward: false,
        },
        limit,
      );
      return items;
    },

    async inactive(list, beforeIso, limit) {
      // Held enquiries are filtered out after each page is read: read whole pages until the batch is full.
      const items = await queryItems<StoredEnquiry>(db, { ...inactiveQuery(list, beforeIso), Limit: limit }, limit);
      return items.map((item) => Number(item['POST_INDEX']));
    },

    async countInactive(list, beforeIso) {
      return queryCount(db, inactiveQuery(list, beforeIso));
    },
  };
}
