import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { AWS_CALL_LIMITS } from './call-limits';
import { sendUntilProcessed } from './unprocessed-retry';

/**
 * The functions' DynamoDB document client: the region, credentials and
 * endpoint of the environment unless given, the call limits of
 * call-limits.ts, and `undefined` attributes dropped rather than refused.
 *
 * Without the SDK's logger middleware: with no logger configured it still
 * copies every answer through its sensitive-data filter for a log line
 * nobody writes. Profiled reading 10,000 enquiries, that copy was about half
 * of the SDK's CPU time. The functions never log through the SDK.
 */
export function documentClient(config: DynamoDBClientConfig = {}): DynamoDBDocumentClient {
  const client = new DynamoDBClient({ ...AWS_CALL_LIMITS, ...config });
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** A conditional write: `false` when its condition failed (any other failure is thrown); a caller for whom that is fine ignores the answer. */
export async function conditional(send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A value as canonical JSON (keys sorted at every level), to compare what was written with what is stored. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Set) return canonical([...value].map(canonical).sort());
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Whether a conditional write that failed its condition was in fact our own:
 * the item now holds every attribute this write wrote. The SDK retries a call
 * whose answer was lost (a time-out, a reset) even when the first attempt went
 * through; the retry then fails the condition the first attempt satisfied.
 * Taken for someone else's write, an enquiry would go unmailed and a mail
 * would wait "under way" forever. Read strongly consistent, right after.
 */
export async function wroteItOurselves(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: Record<string, unknown>,
  written: Record<string, unknown>,
  /** Attributes the write removed. */
  removed: readonly string[] = [],
): Promise<boolean> {
  const { Item: item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  if (!item) return false;
  return (
    Object.entries(written).every(
      ([name, value]) => value === undefined || canonical(item[name]) === canonical(value),
    ) && removed.every((name) => item[name] === undefined)
  );
}

/**
 * The `SET` assignments of an update, one per attribute of `change` that is
 * not undefined, each through a name and a value placeholder (added to
 * `names` and `values`) so reserved words like `status` are safe.
 */
export function setAssignments(
  change: Record<string, unknown>,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string[] {
  const set: string[] = [];
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    set.push(`#${field} = :${field}`);
  }
  return set;
}

/**
 * An update's expression: its `SET` assignments, then a `REMOVE` of the
 * attributes named in `removed`, each through a name placeholder (added to
 * `names`).
 */
export function updateExpression(
  set: readonly string[],
  removed: readonly string[],
  names: Record<string, string>,
): string {
  for (const name of removed) names[`#${name}`] = name;
  return `SET ${set.join(', ')}${removed.length ? ` REMOVE ${removed.map((name) => `#${name}`).join(', ')}` : ''}`;
}

/**
 * Changes an item only while it is as the caller read it (each attribute of
 * `expected` equal), so of two workers only one moves it on (the outbox's
 * mails, the translations): sets the attributes of `change` (undefined ones
 * keep their value) and removes `removed`. `false` when someone else moved
 * it first; a retried write of our own counts as done (wroteItOurselves).
 */
export async function transitionItem(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: Record<string, unknown>,
  expected: Record<string, unknown>,
  change: Record<string, unknown>,
  removed: readonly string[],
): Promise<boolean> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const condition = Object.entries(expected).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:expected_${field}`] = value;
    return `#${field} = :expected_${field}`;
  });
  const expression = updateExpression(setAssignments(change, names, values), removed, names);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        ConditionExpression: condition.join(' AND '),
        UpdateExpression: expression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return wroteItOurselves(db, tableName, key, change, removed);
    throw error;
  }
}

/**
 * The keys of the items due in a sparse queue index (partition `queue`, sort
 * key `nextAt`): those whose time has come, oldest first, at most `limit`.
 */
export async function dueInQueue(
  db: DynamoDBDocumentClient,
  query: { tableName: string; indexName: string; queue: string; now: number; limit: number },
): Promise<Record<string, unknown>[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: query.tableName,
      IndexName: query.indexName,
      KeyConditionExpression: '#queue = :queue AND nextAt <= :now',
      ExpressionAttributeNames: { '#queue': 'queue' },
      ExpressionAttributeValues: { ':queue': query.queue, ':now': query.now },
      Limit: query.limit,
    }),
  );
  return result.Items ?? [];
}

/**
 * Deletes items by key, 25 a call (BatchWriteItem's most), sending again what DynamoDB left unprocessed, with
 * back-off, a bounded number of times (unprocessed-retry.ts).
 */
export async function deleteKeys(
  db: DynamoDBDocumentClient,
  tableName: string,
  keys: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    const requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    await sendUntilProcessed(`Deleting from ${tableName}`, requests, async (batch) => {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: [...batch] } }));
      return result.UnprocessedItems?.[tableName] as typeof requests | undefined;
    });
  }
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
export async function queryItems<Item = Record<string, unknown>>(
  db: DynamoDBDocumentClient,
  input: QueryInput,
  upTo = Infinity,
): Promise<Item[]> {
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

/**
 * Reads items by key with BatchGetItem, which takes 100 keys at a time and may
 * leave some for another round (sent again with back-off, a bounded number of
 * times: unprocessed-retry.ts); the items that exist, in no particular order.
 */
export async function batchGetAll<Item = Record<string, unknown>>(
  db: DynamoDBDocumentClient,
  tableName: string,
  keys: readonly Record<string, unknown>[],
  projection: { ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> } = {},
): Promise<Item[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    await sendUntilProcessed(`Reading from ${tableName}`, keys.slice(i, i + 100), async (batch) => {
      const result = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [...batch], ...projection } } }),
      );
      found.push(...(result.Responses?.[tableName] ?? []));
      return result.UnprocessedKeys?.[tableName]?.Keys;
    });
  }
  // The table's items are written by this code base in the shape the caller names.
  return found as Item[];
}
