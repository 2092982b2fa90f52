/**
 * The local S3 (fauxqs behind local/emulators/s3-emulator.ts): what a browser upload
 * meets on real S3 is there too (CORS for the site's origin, the POST
 * policy; a presigned GET's answer headers), objects survive a restart, and nothing listens beyond loopback.
 * How it checks signatures: local/emulators/s3-signatures.test.ts and s3-post-policy.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ExportStore } from '../../../functions/exports/adapters/s3-exports';
import { localS3Client } from '../../../local/emulators/sdk-s3';
import { createBuckets } from '../../../local/setup';
import { type S3Emulator, startS3Emulator } from '../../../local/emulators/s3-emulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';

const SITE = 'http://127.0.0.1:4999';
const dataDir = mkdtempSync(join(tmpdir(), 'mt-s3-'));
let emulator: S3Emulator;

const start = () => startS3Emulator({ dataDir, host: '127.0.0.1', corsOrigins: [SITE] });
const clientOf = (target: S3Emulator) =>
  localS3Client({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: target.endpoint });

beforeAll(async () => {
  emulator = await start();
  await createBuckets(clientOf(emulator), ['uploads']);
});
afterAll(async () => {
  await emulator?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function presigned(key: string, maxBytes = 100) {
  return createPresignedPost(clientOf(emulator), {
    Bucket: 'uploads',
    Key: key,
    Expires: 60,
    Fields: { 'Content-Type': 'image/png' },
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', 'image/png'],
    ],
  });
}

async function post(
  ticket: { url: string; fields: Record<string, string> },
  bytes: number,
  overrides: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...overrides })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes).fill(7)]), 'upload.png');
  return fetch(ticket.url, { method: 'POST', body: form, headers: { origin: SITE } });
}

describe('presigned POST', () => {
  it('stores an upload the policy allows, with CORS for the site', async () => {
    const response = await post(await presigned('ok.png'), 50);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    const stored = await clientOf(emulator).send(new GetObjectCommand({ Bucket: 'uploads', Key: 'ok.png' }));
    expect(stored.ContentType).toBe('image/png');
    expect((await stored.Body?.transformToByteArray())?.length).toBe(50);
  });

  it('refuses a file larger than the policy allows, and a changed content type, storing nothing', async () => {
    const tooLarge = await post(await presigned('large.png', 10), 11);
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('<Code>EntityTooLarge</Code>');
    const wrongType = await post(await presigned('type.png'), 5, { 'Content-Type': 'text/html' });
    expect(wrongType.status).toBe(403);
    for (const key of ['large.png', 'type.png']) {
      await expect(
        clientOf(emulator).send(new GetObjectCommand({ Bucket: 'uploads', Key: key })),
      ).rejects.toMatchObject({ name: 'NoSuchKey' });
    }
  });
});

describe('the export store', () => {
  const exportsOf = (target: S3Emulator) => s3ExportStore(clientOf(target), 'uploads');
  async function* rows(count: number, row: string) {
    for (let i = 0; i < count; i += 1) yield `${i},${row}\n`;
  }

  it('uploads a file past one part in parts, and one below it at once, each with its name for the download', async () => {
    const store = exportsOf(emulator);
    // 12 MiB and a little: three parts of 5 MiB at most.
    const row = 'x'.repeat(1_000);
    await store.upload('exports/large.csv', rows(12_600, row), 'large.csv');
    await store.upload('exports/small.csv', rows(3, row), 'small.csv');
    for (const [key, count, parts] of [
      ['exports/large.csv', 12_600, '-3"'],
      ['exports/small.csv', 3, undefined],
    ] as const) {
      const object = await clientOf(emulator).send(new GetObjectCommand({ Bucket: 'uploads', Key: key }));
      const text = (await object.Body?.transformToString()) ?? '';
      expect(object.ContentType).toBe('text/csv; charset=utf-8');
      expect(text.split('\n').length - 1).toBe(count);
      expect(text.endsWith(`${count - 1},${row}\n`)).toBe(true);
      // A multipart object's ETag counts its parts.
      if (parts) expect(object.ETag).toMatch(new RegExp(`${parts}$`));
      else expect(object.ETag).not.toContain('-');
    }
    const download = await fetch(await store.downloadUrl('exports/small.csv', 'small.csv', 60));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="small.csv"');
  });

  it('removes every export file', async () => {
    const store = exportsOf(emulator);
    expect(await store.removeAll()).toBeGreaterThanOrEqual(2);
    expect(await store.removeAll()).toBe(0);
  });
});

describe('CORS', () => {
  it('answers the preflight of the site origin and refuses another origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${emulator.endpoint}/uploads`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const ours = await preflight(SITE);
    expect(ours.status).toBe(200);
    expect(ours.headers.get('access-control-allow-origin')).toBe(SITE);
    const theirs = await preflight('https://evil.example');
    expect(theirs.status).toBe(403);
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the data folder', () => {
  it('keeps objects across a restart', async () => {
    await clientOf(emulator).send(
      new PutObjectCommand({ Bucket: 'uploads', Key: '사진/kept.txt', Body: 'kept', ContentType: 'text/plain' }),
    );
    await emulator.stop();
    emulator = await start();
    const object = await clientOf(emulator).send(new GetObjectCommand({ Bucket: 'uploads', Key: '사진/kept.txt' }));
    expect(await object.Body?.transformToString()).toBe('kept');
  });
});

describe('listening', () => {
  it("is not reachable on the machine's other addresses, neither the front nor fauxqs behind it", async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
      .map((entry) => entry!.address);
    for (const port of [new URL(emulator.endpoint).port, String(emulator.backendPort)]) {
      // Both answer on loopback, so a refusal elsewhere is the bind address and not a dead server.
      expect((await fetch(`http://127.0.0.1:${port}/uploads`)).status).toBeLessThan(500);
      for (const address of others) {
        await expect(
          fetch(`http://${address}:${port}/uploads`, { signal: AbortSignal.timeout(2_000) }),
        ).rejects.toThrow();
      }
    }
  });
});
