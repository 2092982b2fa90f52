import { type AttributeValue, QueryCommand, type QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { ENQUIRY_INDEXES } from '../../../shared/enquiries/enquiry-table';
import { EXPORTED_FIELDS, type EnquiryExportReader, type ExportSource, type ExportedEnquiry } from '../ports';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '../../platform/wiring/dynamodb-client';
import { WORK_PARTITIONS, listKeys } from '../../enquiries/adapters/enquiry-keys';

/** An export reads only the CSV's fields (several are reserved words, so each goes through a placeholder): less to send and to parse. */
const EXPORT_PROJECTION = {
  ProjectionExpression: EXPORTED_FIELDS.map((_, i) => `#f${i}`).join(', '),
  names: Object.fromEntries(EXPORTED_FIELDS.map((field, i) => [`#f${i}`, field])),
};

/** The index an export source is read from, and its key attributes. */
function exportKeys(source: Exclude<ExportSource, { kind: 'tag' }>) {
  if (source.kind === 'work') {
    return {
      index: ENQUIRY_INDEXES[source.index],
      partitionAttribute: WORK_PARTITIONS[source.index],
      partition: source.key,
      sequenceAttribute: 'POST_INDEX',
    };
  }
  const keys = listKeys(source.list);
  return {
    index: keys.bySequence,
    partitionAttribute: keys.partition,
    partition: source.list.partition,
    sequenceAttribute: keys.sequence,
  };
}

export function dynamoEnquiryExportReader(db: DynamoDBDocumentClient, tableName: string): EnquiryExportReader {
  return {
    async exportItems(postIndexes) {
      const items = await batchGetAll<ExportedEnquiry>(
        db,
        tableName,
        [...new Set(postIndexes)].map((POST_INDEX) => ({ POST_INDEX })),
        {
          ProjectionExpression: EXPORT_PROJECTION.ProjectionExpression,
          ExpressionAttributeNames: EXPORT_PROJECTION.names,
        },
      );
      return items.sort((a, b) => b.POST_INDEX - a.POST_INDEX);
    },

    async exportRange(source, highest, lowest) {
      if (highest < lowest) return [];
      const keys = exportKeys(source);
      return queryFlatItems<ExportedEnquiry>(db, {
        TableName: tableName,
        IndexName: keys.index,
        KeyConditionExpression: '#p = :p AND #s BETWEEN :low AND :high',
        ProjectionExpression: EXPORT_PROJECTION.ProjectionExpression,
        ExpressionAttributeNames: {
          '#p': keys.partitionAttribute,
          '#s': keys.sequenceAttribute,
          ...EXPORT_PROJECTION.names,
        },
        ExpressionAttributeValues: {
          ':p': { S: keys.partition },
          ':low': { N: String(lowest) },
          ':high': { N: String(highest) },
        },
        ScanIndexForward: false,
      });
    },
  };
}

/** One attribute's value: a scalar, or a list of strings (an enquiry's tags); a flat item holds nothing else. */
function flatValueOf(name: string, value: AttributeValue): string | number | boolean | null | string[] {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL) return null;
  if (value.L?.every((entry) => entry.S !== undefined)) return value.L.map((entry) => entry.S as string);
  throw new Error(`${name} is neither a scalar nor a list of strings`);
}

/**
 * Every item a query matches, page after page, for reading many items of
 * scalar attributes (strings, numbers, booleans; lists of strings) fast, as an export does:
 * through the low-level client's command, in DynamoDB's typed values, each item converted by hand.
 * The document client's generic conversion of each answer measured as much CPU as the SDK's own parsing of it.
 */
export async function queryFlatItems<Item>(
  db: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Item[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const result = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    for (const raw of result.Items ?? []) {
      const item: Record<string, unknown> = {};
      for (const name in raw) {
        const value = raw[name];
        if (value) item[name] = flatValueOf(name, value);
      }
      items.push(item);
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  // The table's items are written by this code base in the shape the caller names.
  return items as Item[];
}
