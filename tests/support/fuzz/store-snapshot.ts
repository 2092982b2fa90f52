/**
 * What the stack has stored, as one fingerprint per table and bucket: taken
 * before and after a request that was refused, the two must be equal. Read
 * straight from the emulators (not through the fault proxies), so a fault
 * injected for the product never hides a change from the check.
 *
 * The throttle and access-log tables are left out on purpose: a refused
 * request is counted against its sender and written to the access log by
 * design (that is how attempts are limited and audited).
 */
import { createHash } from 'node:crypto';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { ScanCommand as DocumentScanCommand } from '@aws-sdk/lib-dynamodb';
import type { BucketKey } from '../../../shared/resources';
import type { TableKey } from '../../../shared/tables';
import { localS3Client } from '../../../local/emulators/sdk-s3';
import type { LocalStack } from '../../../local/stack-types';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';

/** Tables a refused request may write to, by design. */
export const ATTEMPT_TABLES: readonly TableKey[] = ['throttle', 'accessLog'];

export type StoreSnapshot = Record<string, { count: number; fingerprint: string }>;

/** Which tables and buckets to read (default: all but ATTEMPT_TABLES). */
export interface StoreSelection {
  tables: readonly TableKey[];
  buckets: readonly BucketKey[];
}

export interface StoreReader {
  snapshot(selection?: StoreSelection): Promise<StoreSnapshot>;
  /** Items of one table (every page), as the adapters read them. */
  items(table: TableKey): Promise<Record<string, unknown>[]>;
  close(): void;
}

function everything(stack: Pick<LocalStack, 'tableNames'>): StoreSelection {
  return { tables: Object.keys(stack.tableNames) as TableKey[], buckets: Object.keys(LOCAL_BUCKETS) as BucketKey[] };
}

const fingerprintOf = (values: string[]) => createHash('sha256').update(values.sort().join('\n')).digest('base64url');

export function storeReader(stack: Pick<LocalStack, 'emulators' | 'tableNames'>): StoreReader {
  const dynamodb = new DynamoDBClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: stack.emulators.dynamodbEndpoint,
  });
  const s3: S3Client = localS3Client({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: stack.emulators.s3Endpoint,
  });

  const documents = documentClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: stack.emulators.dynamodbEndpoint,
  });

  /** Every item as DynamoDB holds it (typed attribute values: a set stays a set in its JSON). */
  const rawItems = async (table: TableKey) => {
    const found: Record<string, unknown>[] = [];
    let startKey: Record<string, never> | undefined;
    do {
      const page = await dynamodb.send(
        new ScanCommand({ TableName: stack.tableNames[table], ExclusiveStartKey: startKey }),
      );
      found.push(...((page.Items ?? []) as Record<string, unknown>[]));
      startKey = page.LastEvaluatedKey as Record<string, never> | undefined;
    } while (startKey);
    return found;
  };

  const items = async (table: TableKey) => {
    const found: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(
        new DocumentScanCommand({ TableName: stack.tableNames[table], ExclusiveStartKey: startKey }),
      );
      found.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return found;
  };

  const objects = async (bucket: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) keys.push(`${object.Key} ${object.Size} ${object.ETag}`);
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  };

  return {
    items,
    async snapshot(selection = everything(stack)) {
      const tables = selection.tables.filter((table) => !ATTEMPT_TABLES.includes(table));
      const [tableParts, bucketParts] = await Promise.all([
        Promise.all(
          tables.map(async (table) => {
            const rows = (await rawItems(table)).map((item) => JSON.stringify(item, Object.keys(item).sort()));
            return [`table ${table}`, { count: rows.length, fingerprint: fingerprintOf(rows) }] as const;
          }),
        ),
        Promise.all(
          selection.buckets.map(async (bucket) => {
            const keys = await objects(LOCAL_BUCKETS[bucket]);
            return [`bucket ${bucket}`, { count: keys.length, fingerprint: fingerprintOf(keys) }] as const;
          }),
        ),
      ]);
      return Object.fromEntries([...tableParts, ...bucketParts]);
    },
    close() {
      dynamodb.destroy();
      documents.destroy();
      s3.destroy();
    },
  };
}

/** What differs between two snapshots, as readable lines (empty when nothing changed). */
export function snapshotChanges(before: StoreSnapshot, after: StoreSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name]?.fingerprint !== after[name]?.fingerprint)
    .map((name) => `${name}: ${before[name]?.count ?? 0} items before, ${after[name]?.count ?? 0} after`);
}
