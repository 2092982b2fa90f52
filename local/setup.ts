/**
 * First-start provisioning of a local stack: tables from the shared
 * definitions, seeded BEST 3 packages with their images, the staff account.
 * Every step leaves existing data alone, so a restart keeps what was there
 * (a table whose definition has gained an index is made again with its items).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AttributeDefinition,
  type AttributeValue,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type Projection,
  PutItemCommand,
  ResourceInUseException,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { normaliseStaffEmail } from '../shared/auth';
import type { IndexDefinition, TableDefinition } from '../shared/platform/table-definition';
import { TABLES, type TableKey } from '../shared/tables';
import type { PackageStore, ImageStore } from '../functions/packages/ports';
import type { StaffStore } from '../functions/accounts/ports';
import { hashPassword } from '../functions/accounts/passwords/passwords';
import { SEED_IMAGES, SEED_PACKAGES } from './seed/packages';

const here = dirname(fileURLToPath(import.meta.url));

function projection(index: IndexDefinition): Projection {
  if (index.projection === 'ALL') return { ProjectionType: 'ALL' };
  if (index.projection.length === 0) return { ProjectionType: 'KEYS_ONLY' };
  return { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] };
}

export function createTableInput(tableName: string, table: TableDefinition) {
  const attributes = new Map<string, AttributeDefinition>();
  const keys = [
    table.partitionKey,
    table.sortKey,
    ...table.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  for (const key of keys) if (key) attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  const keySchema = (partition: { name: string }, sort?: { name: string }) => [
    { AttributeName: partition.name, KeyType: 'HASH' as const },
    ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' as const }] : []),
  ];
  const indexes: GlobalSecondaryIndex[] = table.globalIndexes.map((index) => ({
    IndexName: index.name,
    KeySchema: keySchema(index.partitionKey, index.sortKey),
    Projection: projection(index),
  }));
  return new CreateTableCommand({
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()],
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    ...(indexes.length ? { GlobalSecondaryIndexes: indexes } : {}),
  });
}

/**
 * Makes a table again with the indexes its definition has since gained,
 * items and all: the emulator (dynalite) cannot add an index to a table, and
 * a data folder from before must keep its data. Local tables are small.
 */
async function remakeWithIndexes(dynamodb: DynamoDBClient, tableName: string, table: TableDefinition): Promise<void> {
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamodb.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await dynamodb.send(new DeleteTableCommand({ TableName: tableName }));
  await dynamodb.send(createTableInput(tableName, table));
  for (const item of items) await dynamodb.send(new PutItemCommand({ TableName: tableName, Item: item }));
}

export async function createTables(dynamodb: DynamoDBClient, tableNames: Record<TableKey, string>): Promise<void> {
  for (const [key, table] of Object.entries(TABLES) as [TableKey, TableDefinition][]) {
    try {
      await dynamodb.send(createTableInput(tableNames[key], table));
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
      const existing = await dynamodb.send(new DescribeTableCommand({ TableName: tableNames[key] }));
      const has = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
      if (table.globalIndexes.some((index) => !has.has(index.name)))
        await remakeWithIndexes(dynamodb, tableNames[key], table);
    }
  }
}

export async function createBuckets(s3: S3Client, names: string[]): Promise<void> {
  for (const name of names) {
    try {
      await s3.send(new CreateBucketCommand({ Bucket: name }));
    } catch (error) {
      if (!(error instanceof Error) || !['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(error.name))
        throw error;
    }
  }
}

/**
 * Seeds the BEST 3 packages, unless packages are there already, and puts back
 * any seed image that is missing (a data folder from before the S3 emulator
 * changed kept its tables but not its files).
 */
export async function seedPackages(packages: PackageStore, images: ImageStore): Promise<boolean> {
  for (const [file, contentType] of Object.entries(SEED_IMAGES)) {
    if (await images.inspect(file, 1)) continue;
    await images.put(file, await readFile(join(here, 'seed', 'images', file)), contentType);
  }
  if ((await packages.list()).length > 0) return false;
  for (const pkg of SEED_PACKAGES) await packages.put(pkg);
  return true;
}

/** Creates the staff account when it does not exist; an existing one (and its password) is kept. */
export async function ensureStaffAccount(
  staff: StaffStore,
  email: string,
  password: string,
): Promise<'created' | 'exists'> {
  const normalised = normaliseStaffEmail(email);
  if (await staff.get(normalised)) return 'exists';
  const now = new Date().toISOString();
  // The account of a new local stack is its first admin.
  await staff.put({
    email: normalised,
    passwordHash: await hashPassword(password),
    disabled: false,
    role: 'admin',
    createdAt: now,
    updatedAt: now,
  });
  return 'created';
}
