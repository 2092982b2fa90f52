/**
 * The local S3 front checks signatures as S3 does: the links the product
 * hands out (an attachment's, an export's) and the SDK clients' signed
 * requests work; a link or request changed after signing (its path, a query
 * parameter, a signed header, its method), signed with an unknown key, another
 * secret or another token, past its expiry, malformed, or not signed at all is
 * refused with S3's status and code, and changes nothing.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { s3InboundBucket } from '../../functions/conversation/adapters/s3-inbound';
import { s3ExportStore } from '../../functions/exports/adapters/s3-exports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stack-names';
import { BUCKET, type SignedS3, TEMPORARY_KEY, s3Answer, startSignedS3 } from './test-kit';

const PDF = 'attachments/m1/1';
const OTHER = 'attachments/m1/2';
const DISPOSITION = `attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`;
let s3: SignedS3;

beforeAll(async () => {
  s3 = await startSignedS3();
  for (const key of [PDF, OTHER])
    await s3.client().send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: `%PDF ${key}` }));
});
afterAll(async () => s3?.stop());
afterEach(() => s3.setClock(undefined));

const attachmentLink = (key = PDF, client = s3.client()) =>
  s3InboundBucket(client, BUCKET).downloadUrl(key, { disposition: DISPOSITION, type: 'application/pdf' }, 120);

/** A link with one query parameter set (or, with `undefined`, taken out). */
function withParameter(link: string, name: string, value: string | undefined): string {
  const url = new URL(link);
  if (value === undefined) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.toString();
}

describe('a presigned link', () => {
  it("works as the product hands it out: an attachment's with the answer headers it names, an export's", async () => {
    const download = await fetch(await attachmentLink());
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(DISPOSITION);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(await download.text()).toBe(`%PDF ${PDF}`);
    const exported = await fetch(await s3ExportStore(s3.client(), BUCKET).downloadUrl(OTHER, 'list.csv', 60));
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="list.csv"');
  });

  it('is refused with SignatureDoesNotMatch once its path, a query parameter or its method is changed', async () => {
    const link = await attachmentLink();
    const tampered = [
      link.replace(`/${PDF}?`, `/${OTHER}?`),
      withParameter(link, 'response-content-disposition', 'inline'),
      withParameter(link, 'response-content-type', 'text/html'),
      withParameter(link, 'X-Amz-Expires', '3600'),
    ];
    expect(new Set(tampered).size).toBe(4);
    for (const changed of tampered) {
      expect(changed).not.toBe(link);
      expect(await s3Answer(await fetch(changed))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    }
    // A HEAD answer has no body: its status alone.
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(403);
  });

  it('is refused when a header it signed is not the one sent: the host, a metadata header of a PUT; nothing is written', async () => {
    const link = await attachmentLink();
    const byName = link.replace('//127.0.0.1:', '//localhost:');
    expect(await s3Answer(await fetch(byName))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });

    const put = await getSignedUrl(
      s3.client(),
      new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/owned.txt', Metadata: { owner: 'staff' } }),
      { expiresIn: 60, unhoistableHeaders: new Set(['x-amz-meta-owner']) },
    );
    expect(new URL(put).searchParams.get('X-Amz-SignedHeaders')).toBe('host;x-amz-meta-owner');
    const upload = (owner: string) =>
      fetch(put, { method: 'PUT', body: 'owned', headers: { 'x-amz-meta-owner': owner } });
    expect(await s3Answer(await upload('visitor'))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3.stored('uploads/owned.txt')).toBe(false);
    expect((await upload('staff')).status).toBe(200);
    expect(await s3.stored('uploads/owned.txt')).toBe(true);
  });

  it('is refused with SignatureDoesNotMatch when its signature is wrong or made with another secret', async () => {
    const link = await attachmentLink();
    const signature = new URL(link).searchParams.get('X-Amz-Signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const wrongSecret = await attachmentLink(PDF, s3.client({ ...LOCAL_CREDENTIALS, secretAccessKey: 'guessed' }));
    for (const changed of [withParameter(link, 'X-Amz-Signature', flipped), wrongSecret]) {
      expect(await s3Answer(await fetch(changed))).toMatchObject({
        status: 403,
        code: 'SignatureDoesNotMatch',
        message:
          'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      });
    }
  });

  it('is refused with InvalidAccessKeyId when signed with a key the stack does not have', async () => {
    const link = await attachmentLink(PDF, s3.client({ accessKeyId: 'AKIDSOMEONEELSE', secretAccessKey: 'x' }));
    expect(await s3Answer(await fetch(link))).toEqual({
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    });
  });

  it('works until its X-Amz-Date plus X-Amz-Expires, and is refused as expired after, on the front’s clock', async () => {
    const signedAt = Date.parse('2026-11-22T10:00:00Z');
    const link = await getSignedUrl(s3.client(), new GetObjectCommand({ Bucket: BUCKET, Key: PDF }), {
      expiresIn: 120,
      signingDate: new Date(signedAt),
    });
    s3.setClock(signedAt + 120_000);
    expect((await fetch(link)).status).toBe(200);
    s3.setClock(signedAt + 121_000);
    expect(await s3Answer(await fetch(link))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
  });

  it('is refused as S3 refuses a malformed one, with AuthorizationQueryParametersError', async () => {
    const link = await attachmentLink();
    const credential = new URL(link).searchParams.get('X-Amz-Credential') ?? '';
    const malformed = [
      [withParameter(link, 'X-Amz-Signature', undefined), /requires the X-Amz-Algorithm/],
      [withParameter(link, 'X-Amz-Algorithm', 'AWS4-HMAC-SHA1'), /only supports "AWS4-HMAC-SHA256"/],
      [withParameter(link, 'X-Amz-Date', '2026-11-22T10:00:00Z'), /ISO8601 Long Format/],
      [withParameter(link, 'X-Amz-Expires', 'soon'), /should be a number/],
      [withParameter(link, 'X-Amz-Expires', '604801'), /less than a week/],
      [withParameter(link, 'X-Amz-Credential', 'local/aws4_request'), /Credential is mal-formed/],
      [withParameter(link, 'X-Amz-Credential', credential.replace(LOCAL_REGION, 'us-east-1')), /region 'us-east-1'/],
      [withParameter(link, 'X-Amz-Credential', credential.replace('/s3/', '/sqs/')), /incorrect service "sqs"/],
      [
        withParameter(link, 'X-Amz-Credential', credential.replace(/\/\d{8}\//, '/20000101/')),
        /Invalid credential date/,
      ],
    ] as const;
    for (const [changed, message] of malformed) {
      const answer = await s3Answer(await fetch(changed));
      expect(answer).toMatchObject({ status: 400, code: 'AuthorizationQueryParametersError' });
      expect(answer.message).toMatch(message);
    }
  });

  it('is refused as an anonymous request on a private bucket once its signature parameters are taken out', async () => {
    const bare = new URL(await attachmentLink());
    for (const name of [...bare.searchParams.keys()].filter((name) => name.startsWith('X-Amz-')))
      bare.searchParams.delete(name);
    expect(await s3Answer(await fetch(bare))).toEqual({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
  });

  it('carries a temporary key’s session token, signed in: without it, or with another, it is refused', async () => {
    const link = await attachmentLink(PDF, s3.client(TEMPORARY_KEY));
    expect(new URL(link).searchParams.get('X-Amz-Security-Token')).toBe(TEMPORARY_KEY.sessionToken);
    expect((await fetch(link)).status).toBe(200);
    expect(await s3Answer(await fetch(withParameter(link, 'X-Amz-Security-Token', undefined)))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const otherToken = await attachmentLink(PDF, s3.client({ ...TEMPORARY_KEY, sessionToken: 'session-two' }));
    expect(await s3Answer(await fetch(otherToken))).toMatchObject({ status: 400, code: 'InvalidToken' });
  });
});

/** A GET of the attachment signed in its Authorization header by the SDK's signer, at `signingDate`, with the payload's hash unless told not to. */
async function signedGet(signingDate = new Date(), withPayloadHash = true) {
  const { port } = new URL(s3.emulator.endpoint);
  const signer = new SignatureV4({
    service: 's3',
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: withPayloadHash,
  });
  const signed = await signer.sign(
    {
      method: 'GET',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: Number(port),
      path: `/${BUCKET}/${PDF}`,
      query: {},
      headers: { host: `127.0.0.1:${port}` },
    },
    { signingDate },
  );
  return fetch(`${s3.emulator.endpoint}/${BUCKET}/${PDF}`, { headers: signed.headers });
}

describe('a request signed in its Authorization header', () => {
  it('works as the SDK clients sign it', async () => {
    expect((await signedGet()).status).toBe(200);
    const object = await s3.client().send(new GetObjectCommand({ Bucket: BUCKET, Key: PDF }));
    expect(await object.Body?.transformToString()).toBe(`%PDF ${PDF}`);
  });

  it('is refused when signed with another secret or an unknown key, and stores nothing', async () => {
    const put = (client = s3.client()) =>
      client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/refused.txt', Body: 'no' }));
    await expect(put(s3.client({ ...LOCAL_CREDENTIALS, secretAccessKey: 'guessed' }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(put(s3.client({ accessKeyId: 'AKIDSOMEONEELSE', secretAccessKey: 'x' }))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    expect(await s3.stored('uploads/refused.txt')).toBe(false);
  });

  it('is refused when a signed header or the path is changed after signing, and stores nothing', async () => {
    const client = s3.client();
    const changes = [
      (request: { headers: Record<string, string>; path: string }) =>
        void (request.headers['content-type'] = 'text/html'),
      (request: { headers: Record<string, string>; path: string }) => void (request.path += '-other'),
    ];
    for (const change of changes) {
      const tampering = client.middlewareStack.clone();
      // The deserialize step runs after signing: what it changes reaches the front unsigned.
      tampering.add(
        (next) => async (args) => {
          change(args.request as { headers: Record<string, string>; path: string });
          return next(args);
        },
        { step: 'deserialize', priority: 'low' },
      );
      const command = new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'uploads/changed.txt',
        Body: 'x',
        ContentType: 'text/plain',
      });
      await expect(
        command.resolveMiddleware(tampering, client.config, {})({ input: command.input }),
      ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    }
    expect(await s3.stored('uploads/changed.txt')).toBe(false);
    expect(await s3.stored('uploads/changed.txt-other')).toBe(false);
  });

  it('is refused when its time is more than 15 minutes off the front’s clock', async () => {
    const signedAt = Date.parse('2026-11-22T10:00:00Z');
    s3.setClock(signedAt + 15 * 60_000);
    expect((await signedGet(new Date(signedAt))).status).toBe(200);
    s3.setClock(signedAt + 16 * 60_000);
    expect(await s3Answer(await signedGet(new Date(signedAt)))).toMatchObject({
      status: 403,
      code: 'RequestTimeTooSkewed',
    });
  });

  it('is refused without a signature, with a Signature Version 2 header, with two signatures or without its payload hash', async () => {
    const object = `${s3.emulator.endpoint}/${BUCKET}/${PDF}`;
    expect(await s3Answer(await fetch(object))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await s3Answer(await fetch(object, { headers: { authorization: 'AWS local:c2lnbmF0dXJl' } }))).toMatchObject(
      {
        status: 400,
        code: 'InvalidRequest',
      },
    );
    expect(
      await s3Answer(await fetch(await attachmentLink(), { headers: { authorization: 'AWS4-HMAC-SHA256 x' } })),
    ).toMatchObject({ status: 400, code: 'InvalidArgument' });
    expect(await s3Answer(await signedGet(new Date(), false))).toEqual({
      status: 400,
      code: 'InvalidRequest',
      message: 'Missing required header for this request: x-amz-content-sha256',
    });
  });
});
