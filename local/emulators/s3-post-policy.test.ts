/**
 * A browser's form upload (the presigned POST the BEST 3 editor gets) is
 * checked by the local S3 front as S3 checks it: the form as handed out is
 * stored; a policy changed after signing, another secret or an unknown key,
 * a changed key, type or bucket, a field the policy does not name, a file
 * outside its size range, a form past its expiration or without its
 * signature is refused with S3's status and code, and nothing is stored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { s3ImageStore } from '../../functions/packages/adapters/s3-images';
import { LOCAL_CREDENTIALS } from '../stack-names';
import type { S3Key } from './sigv4-keys';
import { BUCKET, type SignedS3, s3Answer, startSignedS3 } from './test-kit';

let s3: SignedS3;
let uploads = 0;

beforeAll(async () => {
  s3 = await startSignedS3();
});
afterAll(async () => s3?.stop());
afterEach(() => s3.setClock(undefined));

interface Ticket {
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** A form for a PNG of 1 to 100 bytes under a name of its own, as the images adapter signs it. */
async function ticket(credentials?: S3Key): Promise<Ticket> {
  uploads += 1;
  const key = `incoming/${uploads}.png`;
  const { url, fields } = await s3ImageStore(s3.client(credentials), BUCKET).presignUpload(key, 'image/png', 100, 60);
  return { key, url, fields };
}

async function post(form: Ticket, bytes = 50, changes: Record<string, string | undefined> = {}, url = form.url) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...changes }))
    if (value !== undefined) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes).fill(7)]), 'upload.png');
  return fetch(url, { method: 'POST', body });
}

const policyOf = (form: Ticket) =>
  JSON.parse(Buffer.from(form.fields['Policy'] ?? '', 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };
const encoded = (policy: unknown) => Buffer.from(JSON.stringify(policy)).toString('base64');

describe('a presigned POST', () => {
  it('stores the upload when the form is sent as handed out', async () => {
    const form = await ticket();
    expect((await post(form)).status).toBe(204);
    expect(await s3.stored(form.key)).toBe(true);
  });

  it('is refused with SignatureDoesNotMatch when its policy is changed, or signed with another secret', async () => {
    const form = await ticket();
    const policy = policyOf(form);
    const larger = encoded({
      ...policy,
      conditions: policy.conditions.map((condition) =>
        Array.isArray(condition) && condition[0] === 'content-length-range' ? [condition[0], 1, 10_000] : condition,
      ),
    });
    expect(await s3Answer(await post(form, 5_000, { Policy: larger }))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const guessed = await ticket({ ...LOCAL_CREDENTIALS, secretAccessKey: 'guessed' });
    expect(await s3Answer(await post(guessed))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3.stored(form.key)).toBe(false);
    expect(await s3.stored(guessed.key)).toBe(false);
  });

  it('is refused with InvalidAccessKeyId when signed with a key the stack does not have', async () => {
    const form = await ticket({ accessKeyId: 'AKIDSOMEONEELSE', secretAccessKey: 'x' });
    expect(await s3Answer(await post(form))).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    expect(await s3.stored(form.key)).toBe(false);
  });

  it('is refused when the key, the type or the bucket is not the policy’s, or a field is one it does not name', async () => {
    const form = await ticket();
    const refusals = [
      [await post(form, 50, { key: 'incoming/chosen.png' }), `["eq", "$key", "${form.key}"]`],
      [await post(form, 50, { 'Content-Type': 'text/html' }), '["eq", "$Content-Type", "image/png"]'],
      [await post(form, 50, {}, form.url.replace(BUCKET, 'mt-other')), `["eq", "$bucket", "${BUCKET}"]`],
    ] as const;
    for (const [answer, condition] of refusals)
      expect(await s3Answer(answer)).toEqual({
        status: 403,
        code: 'AccessDenied',
        message: `Invalid according to Policy: Policy Condition failed: ${condition}`,
      });
    expect(await s3Answer(await post(form, 50, { 'x-amz-meta-owner': 'visitor' }))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: x-amz-meta-owner',
    });
    expect(await s3.stored(form.key)).toBe(false);
    expect(await s3.stored('incoming/chosen.png')).toBe(false);
  });

  it('is refused with EntityTooLarge or EntityTooSmall for a file outside its content-length-range', async () => {
    const form = await ticket();
    expect(await s3Answer(await post(form, 101))).toEqual({
      status: 400,
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
    });
    expect(await s3Answer(await post(form, 0))).toEqual({
      status: 400,
      code: 'EntityTooSmall',
      message: 'Your proposed upload is smaller than the minimum allowed size',
    });
    expect(await s3.stored(form.key)).toBe(false);
    expect((await post(form, 100)).status).toBe(204);
  });

  it('works until its policy’s expiration and is refused as expired after, on the front’s clock', async () => {
    const form = await ticket();
    const expiration = Date.parse(policyOf(form).expiration);
    s3.setClock(expiration + 1);
    expect(await s3Answer(await post(form))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
    expect(await s3.stored(form.key)).toBe(false);
    s3.setClock(expiration - 1);
    expect((await post(form)).status).toBe(204);
  });

  it('is refused without its signature, and as anonymous without its policy', async () => {
    const form = await ticket();
    expect(await s3Answer(await post(form, 50, { 'X-Amz-Signature': undefined }))).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
      message:
        "Bucket POST must contain a field named 'x-amz-signature'.  If it is specified, please check the order of the fields.",
    });
    expect(await s3Answer(await post(form, 50, { Policy: undefined }))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Access Denied',
    });
    expect(await s3.stored(form.key)).toBe(false);
  });
});
