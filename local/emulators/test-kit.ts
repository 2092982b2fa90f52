/**
 * What the local S3 front's signature tests share: a front on a data folder of
 * its own and a clock the test sets (the SDK signs on the real one), knowing
 * the local stack's key and a temporary key with a session token; SDK clients
 * signing as the product's do, or with other keys; and S3's answer read back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createBuckets } from '../setup';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stack-names';
import { type S3Emulator, startS3Emulator } from './s3-emulator';
import { localS3Client } from './sdk-s3';
import type { S3Key } from './sigv4-keys';

export const BUCKET = 'mt-signed';

/** Temporary credentials the front also knows: a request with this key must carry its token. */
export const TEMPORARY_KEY: Required<S3Key> = {
  accessKeyId: 'temporary',
  secretAccessKey: 'temporary-secret',
  sessionToken: 'session-one',
};

export interface SignedS3 {
  emulator: S3Emulator;
  /** The front's clock: `undefined` is the real one. */
  setClock(at: number | undefined): void;
  /** An SDK client of the front, with the local stack's key unless told otherwise. */
  client(credentials?: S3Key): S3Client;
  /** Whether an object is stored (read with the local stack's key). */
  stored(key: string): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startSignedS3(): Promise<SignedS3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mt-signed-'));
  let clock: number | undefined;
  const emulator = await startS3Emulator({
    dataDir,
    host: '127.0.0.1',
    corsOrigins: [],
    keys: [LOCAL_CREDENTIALS, TEMPORARY_KEY],
    now: () => clock ?? Date.now(),
  });
  const clients: S3Client[] = [];
  const client = (credentials: S3Key = LOCAL_CREDENTIALS) => {
    const made = localS3Client({ region: LOCAL_REGION, credentials, endpoint: emulator.endpoint, maxAttempts: 1 });
    clients.push(made);
    return made;
  };
  await createBuckets(client(), [BUCKET]);
  return {
    emulator,
    setClock: (at) => void (clock = at),
    client,
    async stored(key) {
      try {
        await client().send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
    async stop() {
      for (const made of clients) made.destroy();
      await emulator.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** S3's answer: its status and the code and message of its XML error body, if any. */
export async function s3Answer(response: Response): Promise<{ status: number; code?: string; message?: string }> {
  const body = await response.text();
  const code = /<Code>(.*?)<\/Code>/.exec(body)?.[1];
  const message = unescapeXml(/<Message>(.*?)<\/Message>/.exec(body)?.[1] ?? '');
  return { status: response.status, ...(code ? { code } : {}), ...(message ? { message } : {}) };
}
