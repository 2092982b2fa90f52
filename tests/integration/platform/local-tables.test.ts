/**
 * The local stack's tables on a data folder from before: a table whose
 * definition has since gained an index (the inbound mail table's bySender
 * and byEnquiry) is made again with it, its items kept, since the emulator
 * cannot add an index to a table.
 */
import { CreateTableCommand, DynamoDBClient, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS, type TableKey } from '../../../shared/tables';
import { createTables } from '../../../local/setup';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';

let server: Server;
let dynamodb: DynamoDBClient;
const names = Object.fromEntries(TABLE_KEYS.map((key) => [key, `local-${key}`])) as Record<TableKey, string>;

beforeAll(async () => {
  server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  dynamodb = new DynamoDBClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  dynamodb?.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the tables of a data folder from before', () => {
  it('gain the indexes their definitions have since gained, with every item kept', async () => {
    // The inbound mail table as it was made before: its key alone, no index, one kept mail in it.
    await dynamodb.send(
      new CreateTableCommand({
        TableName: names.inboundMail,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'key', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'key', KeyType: 'HASH' }],
      }),
    );
    const item = {
      key: { S: 'kept#1' },
      box: { S: 'unmatched' },
      from: { S: 'anna@example.com' },
      receivedAt: { S: '2026-11-22T10:00:00.000Z' },
      rawKey: { S: 'raw/1' },
      enquiryIndex: { N: '7' },
    };
    await dynamodb.send(new PutItemCommand({ TableName: names.inboundMail, Item: item }));

    await createTables(dynamodb, names);
    const bySender = await dynamodb.send(
      new QueryCommand({
        TableName: names.inboundMail,
        IndexName: 'bySender',
        KeyConditionExpression: '#from = :from',
        ExpressionAttributeNames: { '#from': 'from' },
        ExpressionAttributeValues: { ':from': { S: 'anna@example.com' } },
      }),
    );
    expect(bySender.Items).toEqual([item]);
    const byEnquiry = await dynamodb.send(
      new QueryCommand({
        TableName: names.inboundMail,
        IndexName: 'byEnquiry',
        KeyConditionExpression: 'enquiryIndex = :index',
        ExpressionAttributeValues: { ':index': { N: '7' } },
      }),
    );
    expect(byEnquiry.Items?.map((found) => found['rawKey'])).toEqual([{ S: 'raw/1' }]);
    // Run again (the next start): nothing to remake, nothing lost.
    await createTables(dynamodb, names);
    expect(
      (
        await dynamodb.send(
          new QueryCommand({
            TableName: names.inboundMail,
            KeyConditionExpression: '#key = :key',
            ExpressionAttributeNames: { '#key': 'key' },
            ExpressionAttributeValues: { ':key': { S: 'kept#1' } },
          }),
        )
      ).Items,
    ).toEqual([item]);
  });
});
