import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AWS_CALL_LIMITS } from '../call-limits';

/** Document client that drops `undefined` attributes instead of failing on them, and gives up on a call that hangs. */
export function documentClient(config: DynamoDBClientConfig = {}): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ ...AWS_CALL_LIMITS, ...config }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The emulator has no TTL: items whose expiry has passed are treated as absent. */
export function expired(item: Record<string, unknown> | undefined, nowSeconds: number): boolean {
  const expiresAt = item?.['expiresAt'];
  return typeof expiresAt === 'number' && expiresAt <= nowSeconds;
}

type QueryInput = Omit<QueryCommandInput, 'ExclusiveStartKey'>;

/**
 * Reads a query page after page (each answer holds at most 1 MB) until it ends or `upTo` items are in.
 * With `upTo`, each request asks only for what is still missing unless the input fixes its own Limit
 * (a filtered query should read whole pages, as the filter drops items after they are counted).
 */
export async function queryItems<Item = Record<string, unknown>>(db: DynamoDBDocumentClient, input: QueryInput, upTo = Infinity): Promise<Item[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const limit = input.Limit ?? (Number.isFinite(upTo) ? upTo - items.length : undefined);
    const result = await db.send(new QueryCommand({ ...input, Limit: limit, ExclusiveStartKey: startKey }));
    items.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey && items.length < upTo);
  // The table's items are written by this code base in the shape the caller names.
  return (Number.isFinite(upTo) ? items.slice(0, upTo) : items) as Item[];
}

/** Counts what a query matches, page after page. */
export async function queryCount(db: DynamoDBDocumentClient, input: QueryInput): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return count;
}
