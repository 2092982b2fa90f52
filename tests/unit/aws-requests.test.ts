/**
 * The S3, SES, DynamoDB and Secrets Manager requests the functions write by
 * hand (functions/adapters/aws-request.ts, s3/bucket.ts, ses/mailer.ts,
 * dynamodb/document-db.ts, functions/secrets.ts) against the SDK clients they
 * replace: each one reaches a recording server as the SDK's would (method,
 * path, query, the headers that matter, body), its signature holds for what
 * arrived, presigned URLs and POST policies are the SDK presigners' own, and
 * error answers take the SDK's shape; DynamoDB's answers read as the SDK's
 * document client reads them.
 */
import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { DynamoDBClient, QueryCommand as SdkWireQueryCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import * as sdkDocuments from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AwsServiceError } from '../../functions/adapters/aws-request';
import { isConditionFailure } from '../../functions/adapters/dynamodb/client';
import * as ourDocuments from '../../functions/adapters/dynamodb/document-db';
import { type PolicyCondition, S3Bucket, s3Service } from '../../functions/adapters/s3/bucket';
import { sesMailer, sesService } from '../../functions/adapters/ses/mailer';
import { getSecretValueFrom, secretsManagerService } from '../../functions/secrets';
import { s3Client } from '../../local/sdk-s3';

const REGION = 'ap-northeast-2';
const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' };
const BUCKET = 'exports-bucket';
/** Spaces, `+`, brackets, `!`, a non-ASCII letter: what encoding can get wrong. */
const KEY = 'incoming/a b+c(1)!ü.png';

interface Arrived {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: Buffer;
  signatureHolds: boolean;
}

const arrived: Arrived[] = [];
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** `'hold'`: no answer at all, as from a service that hangs. */
let answer: (request: Arrived) => Answer | 'hold' = () => ({ status: 200 });
const held: ServerResponse[] = [];

/** Signs what arrived again, with the same keys and time: the signature only holds if the request arrived as it was signed. */
async function signatureHolds(request: IncomingMessage, body: Buffer): Promise<boolean> {
  const authorization = request.headers.authorization ?? '';
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  const service = /Credential=[^/]+\/\d+\/[^/]+\/([^/]+)\//.exec(authorization)?.[1] ?? '';
  const url = new URL(request.url ?? '/', 'http://placeholder');
  const headers = Object.fromEntries(signedHeaders.map((name) => [name, String(request.headers[name] ?? '')]));
  const signer = new SignatureV4({ service, region: REGION, credentials: CREDENTIALS, sha256: Sha256, uriEscapePath: service !== 's3', applyChecksum: service === 's3' });
  const date = String(request.headers['x-amz-date']);
  const signingDate = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
  const again = await signer.sign(
    new HttpRequest({ method: request.method, hostname: headers['host']?.split(':')[0], path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body }),
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const payloadHashHolds = service !== 's3' || request.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex');
  return again.headers['authorization'] === authorization && payloadHashHolds;
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://placeholder');
    const record: Arrived = { method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body, signatureHolds: await signatureHolds(request, body) };
    arrived.push(record);
    const given = answer(record);
    if (given === 'hold') {
      held.push(response);
      return;
    }
    const { status, headers = {}, body: text = '' } = given;
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : text);
  });
});

let endpoint: string;
let sdkS3: S3Client;
let sdkSes: SESv2Client;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sdkS3 = s3Client({ region: REGION, credentials: CREDENTIALS, endpoint, forcePathStyle: true, maxAttempts: 1 });
  sdkSes = new SESv2Client({ region: REGION, credentials: CREDENTIALS, endpoint, maxAttempts: 1 });
});
afterAll(async () => {
  sdkS3.destroy();
  sdkSes.destroy();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
  arrived.length = 0;
  for (const response of held.splice(0)) response.destroy();
});

const bucket = () => new S3Bucket(s3Service({ region: REGION, credentials: CREDENTIALS, endpoint }), BUCKET, true);

/** The parts of a request both must send alike (the SDK adds its own bookkeeping headers besides). */
const HEADERS_COMPARED = ['content-type', 'x-amz-target', 'cache-control', 'content-disposition', 'content-length', 'range', 'x-amz-copy-source', 'x-amz-metadata-directive'];
function essentials(request: Arrived | undefined) {
  const { 'x-id': _sdkOperationName, ...query } = request?.query ?? {};
  const headers = Object.fromEntries(HEADERS_COMPARED.filter((name) => request?.headers[name] !== undefined).map((name) => [name, request?.headers[name]]));
  const text = request?.body.toString() ?? '';
  // JSON members in any order.
  const body = /^application\/(x-amz-)?json/.test(request?.headers['content-type'] ?? '') ? (JSON.parse(text) as unknown) : text;
  return { method: request?.method, path: request?.path, query, headers, body };
}

/** Runs the SDK's request, then ours, and answers both: the two must arrive alike, ours signed right. */
async function sameAsSdk(sdk: () => Promise<unknown>, ours: () => Promise<unknown>) {
  await sdk();
  await ours();
  const [theirs, mine] = arrived.slice(-2);
  expect(essentials(mine)).toEqual(essentials(theirs));
  expect(mine?.signatureHolds).toBe(true);
}

describe('S3 requests written by hand', () => {
  it('send what the SDK sends for each call the functions make, signed right', async () => {
    const etag = '"0123abcd"';
    answer = ({ method, query }): Answer => {
      if (method === 'HEAD') return { status: 200, headers: { 'content-length': '42' } };
      if (method === 'GET' && query['list-type']) return { status: 200, body: '<ListBucketResult><Contents><Key>a&amp;b.csv</Key></Contents><Contents><Key>c.csv</Key></Contents><NextContinuationToken>t2</NextContinuationToken></ListBucketResult>' };
      if (method === 'GET') return { status: 206, body: 'abc' };
      if (method === 'POST' && 'uploads' in query) return { status: 200, body: `<InitiateMultipartUploadResult><UploadId>up-1</UploadId></InitiateMultipartUploadResult>` };
      if (method === 'POST') return { status: 200, body: `<CompleteMultipartUploadResult><ETag>${etag}</ETag></CompleteMultipartUploadResult>` };
      if (method === 'DELETE') return { status: 204 };
      return { status: 200, headers: { etag }, body: '<CopyObjectResult><ETag>"x"</ETag></CopyObjectResult>' };
    };
    const ours = bucket();
    const put = { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' };
    await sameAsSdk(
      () => sdkS3.send(new PutObjectCommand({ Bucket: BUCKET, Key: KEY, Body: Buffer.from('png bytes'), ContentType: put['content-type'], CacheControl: put['cache-control'] })),
      () => ours.putObject(KEY, Buffer.from('png bytes'), put),
    );
    await sameAsSdk(() => sdkS3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: KEY })), async () => expect(await ours.headObject(KEY)).toEqual({ size: 42 }));
    await sameAsSdk(
      () => sdkS3.send(new GetObjectCommand({ Bucket: BUCKET, Key: KEY, Range: 'bytes=0-15' })),
      async () => expect(Buffer.from(await ours.getObjectRange(KEY, 0, 15)).toString()).toBe('abc'),
    );
    await sameAsSdk(
      () =>
        sdkS3.send(
          new CopyObjectCommand({ Bucket: BUCKET, Key: 'board.png', CopySource: `${BUCKET}/${encodeURIComponent(KEY)}`, MetadataDirective: 'REPLACE', ContentType: put['content-type'], CacheControl: put['cache-control'] }),
        ),
      () => ours.copyObject(KEY, 'board.png', put),
    );
    await sameAsSdk(() => sdkS3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: KEY })), () => ours.deleteObject(KEY));
    await sameAsSdk(
      () => sdkS3.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: 't1' })),
      async () => expect(await ours.listObjects('t1')).toEqual({ keys: ['a&b.csv', 'c.csv'], next: 't2' }),
    );
    const csv = { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="enquiries.csv"' };
    await sameAsSdk(
      () => sdkS3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'e.csv', ContentType: csv['content-type'], ContentDisposition: csv['content-disposition'] })),
      async () => expect(await ours.createMultipartUpload('e.csv', csv)).toBe('up-1'),
    );
    await sameAsSdk(
      () => sdkS3.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'e.csv', UploadId: 'up-1', PartNumber: 1, Body: Buffer.from('a,b\n') })),
      async () => expect(await ours.uploadPart('e.csv', 'up-1', 1, Buffer.from('a,b\n'))).toBe(etag),
    );
    await sameAsSdk(
      () => sdkS3.send(new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key: 'e.csv', UploadId: 'up-1', MultipartUpload: { Parts: [{ ETag: etag, PartNumber: 1 }] } })),
      () => ours.completeMultipartUpload('e.csv', 'up-1', [etag]),
    );
    await sameAsSdk(() => sdkS3.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'e.csv', UploadId: 'up-1' })), () => ours.abortMultipartUpload('e.csv', 'up-1'));
  });

  it('answers errors in the SDK shape: the code as the name, the status, and NotFound for a bodiless 404', async () => {
    answer = ({ method }) =>
      method === 'HEAD' ? { status: 404 } : { status: 403, body: '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>' };
    expect(await bucket().headObject(KEY)).toBeUndefined();
    const refused = await bucket().getObjectRange(KEY, 0, 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AwsServiceError);
    expect(refused).toMatchObject({ name: 'AccessDenied', message: 'Access Denied', $metadata: { httpStatusCode: 403 } });
  });

  it('takes a copy answered 200 with an error in its body as the error it is', async () => {
    answer = () => ({ status: 200, body: '<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>' });
    await expect(bucket().copyObject('a.png', 'b.png', {})).rejects.toMatchObject({ name: 'InternalError' });
  });

  it('tries a throttled or failing request again, as the SDK does, up to three times', async () => {
    let calls = 0;
    answer = () => (++calls < 3 ? { status: 503, body: '<Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>' } : { status: 200 });
    await bucket().deleteObject(KEY);
    expect(calls).toBe(3);
    calls = -10;
    await expect(bucket().deleteObject(KEY)).rejects.toMatchObject({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } });
  });
});

describe.each([
  ['path style (the emulator)', true, true],
  ['at an IP address, which is path style without asking', false, true],
  ['virtual-hosted style (AWS)', false, false],
])('S3 presigning by hand, %s', (_style, pathStyle, atEmulator) => {
  /** The SDK's client and our bucket, alike, at one fixed time (presigning signs the time). */
  function presigners() {
    vi.useFakeTimers({ now: new Date('2026-11-23T01:02:03.456Z'), toFake: ['Date'] });
    const options = atEmulator ? { endpoint } : {};
    const sdk = s3Client({ region: REGION, credentials: CREDENTIALS, forcePathStyle: pathStyle, ...options });
    onTestFinished(() => sdk.destroy());
    return { sdk, ours: new S3Bucket(s3Service({ region: REGION, credentials: CREDENTIALS, ...options }), BUCKET, pathStyle) };
  }

  it('makes the GetObject URL the SDK makes', async () => {
    const { sdk, ours } = presigners();
    const disposition = 'attachment; filename="enquiries 2026.csv"';
    const theirs = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: BUCKET, Key: KEY, ResponseContentDisposition: disposition }), { expiresIn: 600 });
    expect(await ours.presignGetObject(KEY, { 'response-content-disposition': disposition }, 600)).toBe(theirs);
  });

  it('makes the POST policy, fields and URL the SDK makes', async () => {
    const { sdk, ours } = presigners();
    const fields = { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable' };
    const conditions: PolicyCondition[] = [
      ['content-length-range', 1, 5_000_000],
      ['eq', '$Content-Type', 'image/webp'],
    ];
    const theirs = await createPresignedPost(sdk, { Bucket: BUCKET, Key: KEY, Expires: 300, Fields: fields, Conditions: conditions });
    expect(await ours.presignPost(KEY, fields, conditions, 300)).toEqual(theirs);
  });
});

describe('the SES request written by hand', () => {
  it("sends SendEmail as the SDK's SES v2 client does, signed right", async () => {
    answer = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"MessageId":"m-1"}' });
    const mail = { to: 'staff@example.com', replyTo: 'visitor@example.com', subject: '새 문의 MT-000007', html: '<p>안녕하세요</p>', text: '안녕하세요' };
    await sameAsSdk(
      () =>
        sdkSes.send(
          new SendEmailCommand({
            FromEmailAddress: 'noreply@example.com',
            Destination: { ToAddresses: [mail.to] },
            ReplyToAddresses: [mail.replyTo],
            Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } } } },
          }),
        ),
      () => sesMailer(sesService({ region: REGION, credentials: CREDENTIALS, endpoint }), 'noreply@example.com', 5_000).send(mail),
    );
  });

  it("names SES's refusals as the SDK does, with the status that tells the mail job SES answered", async () => {
    answer = () => ({ status: 400, headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' }, body: '{"message":"Email address is not verified."}' });
    const refused = await sesMailer(sesService({ region: REGION, credentials: CREDENTIALS, endpoint }), 'noreply@example.com', 5_000)
      .send({ to: 'a@example.com', subject: 's', html: 'h', text: 't' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'MessageRejected', message: 'Email address is not verified.', $metadata: { httpStatusCode: 400 } });
  });
});

describe('DynamoDB requests written by hand', () => {
  const TABLE = 'enquiries';
  /** Every kind of value the stores write, and an undefined one, which is dropped. */
  const item = { POST_INDEX: 7, NAME: '김민지', SPAM: false, NOTE: null, LIST: [1, 'two', { three: 3 }], MAP: { inner: { deep: 'x' } }, TAGS: new Set(['a', 'b']), SEEN: new Set([1, 2]), GONE: undefined };
  const key = { POST_INDEX: 7 };
  const stored = (value: Record<string, unknown>) => marshall(value, { removeUndefinedValues: true });
  const json = (body: unknown): Answer => ({ status: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify(body) });
  const ours = (options: ourDocuments.DocumentDbOptions = {}) => new ourDocuments.DocumentDb({ region: REGION, credentials: CREDENTIALS, endpoint, ...options });

  let sdk: sdkDocuments.DynamoDBDocumentClient;
  beforeAll(() => {
    sdk = sdkDocuments.DynamoDBDocumentClient.from(new DynamoDBClient({ region: REGION, credentials: CREDENTIALS, endpoint, maxAttempts: 1 }), {
      marshallOptions: { removeUndefinedValues: true },
    });
  });
  afterAll(() => sdk.destroy());

  const update = {
    TableName: TABLE,
    Key: key,
    UpdateExpression: 'SET #m = :m ADD #c :one',
    ConditionExpression: 'attribute_exists(POST_INDEX)',
    ExpressionAttributeNames: { '#m': 'MAP', '#c': 'COUNT' },
    ExpressionAttributeValues: { ':m': { inner: [1, null] }, ':one': 1, ':unused': undefined },
    ReturnValues: 'ALL_NEW' as const,
  };
  const cases = [
    ['GetItem', 'GetCommand', { TableName: TABLE, Key: key, ConsistentRead: true }, { Item: stored(item) }],
    ['PutItem', 'PutCommand', { TableName: TABLE, Item: item, ConditionExpression: 'attribute_not_exists(POST_INDEX)' }, {}],
    ['UpdateItem', 'UpdateCommand', update, { Attributes: stored(item) }],
    ['DeleteItem', 'DeleteCommand', { TableName: TABLE, Key: key, ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'VERSION' }, ExpressionAttributeValues: { ':v': 3 } }, {}],
    [
      'Query',
      'QueryCommand',
      { TableName: TABLE, IndexName: 'byList', KeyConditionExpression: '#p = :p', ExpressionAttributeNames: { '#p': 'LIST' }, ExpressionAttributeValues: { ':p': 'inbox' }, ExclusiveStartKey: key, Limit: 2, Select: undefined },
      { Items: [stored(item), stored(key)], Count: 2, ScannedCount: 2, LastEvaluatedKey: stored(key) },
    ],
    ['Scan', 'ScanCommand', { TableName: TABLE, ConsistentRead: true, ExclusiveStartKey: key }, { Items: [stored(item)], Count: 1, ScannedCount: 1 }],
    [
      'BatchGetItem',
      'BatchGetCommand',
      { RequestItems: { [TABLE]: { Keys: [key, { POST_INDEX: 8 }], ConsistentRead: true } } },
      { Responses: { [TABLE]: [stored(item)] }, UnprocessedKeys: { [TABLE]: { Keys: [stored({ POST_INDEX: 8 })], ConsistentRead: true } } },
    ],
    [
      'BatchWriteItem',
      'BatchWriteCommand',
      { RequestItems: { [TABLE]: [{ PutRequest: { Item: item } }, { DeleteRequest: { Key: { POST_INDEX: 9 } } }] } },
      { UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: stored(item) } }, { DeleteRequest: { Key: stored({ POST_INDEX: 9 }) } }] } },
    ],
  ] as const;

  it.each(cases)("sends %s as the SDK's document client does, signed right, and reads the answer as it does", async (_operation, command, input, answered) => {
    answer = () => json(answered);
    const Sdk = sdkDocuments[command] as unknown as new (input: unknown) => Parameters<typeof sdk.send>[0];
    const Ours = ourDocuments[command] as unknown as new (input: unknown) => ourDocuments.DocumentCommand<unknown, Record<string, unknown>>;
    let theirs: Record<string, unknown> = {};
    let mine: Record<string, unknown> = {};
    await sameAsSdk(
      async () => {
        theirs = (await sdk.send(new Sdk(input))) as Record<string, unknown>;
      },
      async () => {
        mine = await ours().send(new Ours(input));
      },
    );
    const { $metadata: _theirMetadata, ...theirOutput } = theirs;
    const { $metadata: ourMetadata, ...ourOutput } = mine;
    expect(ourOutput).toEqual(theirOutput);
    expect(ourMetadata).toMatchObject({ httpStatusCode: 200 });
  });

  it('passes a query in DynamoDB\'s own values through as the SDK\'s client does, both ways', async () => {
    const raw = { Items: [stored(item)], Count: 1, LastEvaluatedKey: stored(key) };
    answer = () => json(raw);
    const input = { TableName: TABLE, KeyConditionExpression: '#p = :p', ExpressionAttributeNames: { '#p': 'LIST' }, ExpressionAttributeValues: { ':p': { S: 'inbox' } } };
    let mine: Record<string, unknown> = {};
    await sameAsSdk(
      () => sdk.send(new SdkWireQueryCommand(input)),
      async () => {
        mine = (await ours().send(new ourDocuments.WireQueryCommand(input))) as unknown as Record<string, unknown>;
      },
    );
    expect(mine).toMatchObject(raw);
  });

  it('names a failed condition as the SDK does and does not try it again', async () => {
    answer = () => ({ status: 400, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: '{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}' });
    const refused = await ours()
      .send(new ourDocuments.PutCommand({ TableName: TABLE, Item: item, ConditionExpression: 'attribute_not_exists(POST_INDEX)' }))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'ConditionalCheckFailedException', message: 'The conditional request failed', $metadata: { httpStatusCode: 400 } });
    expect(isConditionFailure(refused)).toBe(true);
    expect(arrived).toHaveLength(1);
  });

  it('tries throttling and server errors again, as the SDK does, up to three times', async () => {
    const throttled = { status: 400, body: '{"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"Rate exceeded"}' };
    let calls = 0;
    answer = () => (++calls === 1 ? throttled : calls === 2 ? { status: 500, body: '{"__type":"InternalServerError"}' } : json({ Item: stored(key) }));
    expect(await ours().send(new ourDocuments.GetCommand({ TableName: TABLE, Key: key }))).toMatchObject({ Item: key });
    expect(calls).toBe(3);
    arrived.length = 0;
    answer = () => throttled;
    await expect(ours().send(new ourDocuments.GetCommand({ TableName: TABLE, Key: key }))).rejects.toMatchObject({ name: 'ProvisionedThroughputExceededException' });
    expect(arrived).toHaveLength(3);
  });

  it('gives up on a call that hangs and tries it again, as the SDK client did', async () => {
    let calls = 0;
    answer = () => (++calls === 1 ? 'hold' : json({ Item: stored(key) }));
    const db = ours({ timeouts: { connectionTimeout: 1_000, socketTimeout: 100 } });
    expect(await db.send(new ourDocuments.GetCommand({ TableName: TABLE, Key: key }))).toMatchObject({ Item: key });
    expect(calls).toBe(2);
    db.destroy();
  });

  it('refuses a binary attribute before anything is sent', async () => {
    await expect(ours().send(new ourDocuments.PutCommand({ TableName: TABLE, Item: { POST_INDEX: 1, FILE: new Uint8Array([1, 2]) } }))).rejects.toThrow(/Binary attributes/);
    expect(arrived).toHaveLength(0);
  });
});

describe('the Secrets Manager request written by hand', () => {
  it("sends GetSecretValue as the SDK's client does, signed right, and names its refusals", async () => {
    answer = () => ({ status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: '{"ARN":"arn:s","Name":"s","SecretString":"token-secret"}' });
    const sdkSecrets = new SecretsManagerClient({ region: REGION, credentials: CREDENTIALS, endpoint, maxAttempts: 1 });
    onTestFinished(() => sdkSecrets.destroy());
    const get = getSecretValueFrom(secretsManagerService({ region: REGION, credentials: CREDENTIALS, endpoint }));
    await sameAsSdk(
      () => sdkSecrets.send(new GetSecretValueCommand({ SecretId: 'arn:aws:secretsmanager:ap-northeast-2:1:secret:token' })),
      async () => expect(await get('arn:aws:secretsmanager:ap-northeast-2:1:secret:token')).toMatchObject({ SecretString: 'token-secret' }),
    );
    answer = () => ({ status: 400, body: '{"__type":"ResourceNotFoundException","message":"Secrets Manager can\'t find the specified secret."}' });
    await expect(get('arn:missing')).rejects.toMatchObject({ name: 'ResourceNotFoundException', $metadata: { httpStatusCode: 400 } });
  });
});
