/**
 * Values through the SDK's clients as the stores and the export store meet
 * them, against the local emulators: bytes stay bytes in DynamoDB (a Node
 * Buffer is written as a binary attribute and read back as the same bytes,
 * not as `{"type":"Buffer",...}` or base64), sets and numbers keep their
 * kind, and an S3 key holding XML's special characters is listed, found and
 * removed as itself.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CreateBucketCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { s3ExportStore } from '../../../functions/exports/adapters/s3-exports';
import { localS3Client } from '../../../local/emulators/sdk-s3';
import { type TestStack, startTestStack } from '../../support/stack';

let stack: TestStack;
let db: ReturnType<typeof documentClient>;
let s3: S3Client;

beforeAll(async () => {
  stack = await startTestStack();
  db = documentClient({
    region: stack.aws.region,
    credentials: stack.aws.credentials,
    endpoint: stack.aws.endpoints?.dynamodb,
  });
  s3 = localS3Client({
    region: stack.aws.region,
    credentials: stack.aws.credentials,
    endpoint: stack.aws.endpoints?.s3,
  });
});
afterAll(async () => {
  db.destroy();
  s3.destroy();
  await stack.dispose();
});

describe('DynamoDB through the document client', () => {
  it('stores a Buffer as bytes and reads the same bytes back', async () => {
    const bytes = Buffer.from([0, 1, 2, 0x7f, 0x80, 0xfe, 0xff]);
    await db.send(
      new PutCommand({ TableName: stack.tableNames.counters, Item: { name: 'sdk-values-bytes', value: 1, bytes } }),
    );
    const { Item: item } = await db.send(
      new GetCommand({ TableName: stack.tableNames.counters, Key: { name: 'sdk-values-bytes' }, ConsistentRead: true }),
    );
    expect(item?.['bytes']).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(item?.['bytes'] as Uint8Array).equals(bytes)).toBe(true);
  });

  it('keeps sets, numbers and nested maps, and drops undefined attributes', async () => {
    const written = {
      name: 'sdk-values-kinds',
      value: 12.5,
      tags: new Set(['VIP', 'follow-up']),
      nested: { list: [1, 'two', null], flag: true },
      gone: undefined,
    };
    await db.send(new PutCommand({ TableName: stack.tableNames.counters, Item: written }));
    const { Item: item } = await db.send(
      new GetCommand({ TableName: stack.tableNames.counters, Key: { name: 'sdk-values-kinds' }, ConsistentRead: true }),
    );
    expect(item).toEqual({
      name: 'sdk-values-kinds',
      value: 12.5,
      tags: new Set(['VIP', 'follow-up']),
      nested: { list: [1, 'two', null], flag: true },
    });
  });
});

describe('S3 keys with XML special characters', () => {
  it('are listed, found and removed as themselves', async () => {
    const bucket = 'mt-exports-xml-keys';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const keys = ['exports/a&b<c>.csv', `exports/it's "quoted" & <odd>.csv`];
    for (const key of keys) await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'a,b\n' }));
    const store = s3ExportStore(s3, bucket);
    for (const key of keys) expect(await store.exists(key)).toBe(true);
    expect(await store.removeAll()).toBe(2);
    for (const key of keys) expect(await store.exists(key)).toBe(false);
  });
});
