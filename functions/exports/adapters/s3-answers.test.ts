/**
 * What the export store does when S3 answers oddly, through the SDK's S3
 * client and lib-storage against a small stand-in for S3's multipart API
 * (the local emulator never answers so): a completion answered 200 with an
 * empty body, or 200 with an error inside, is not taken for success. The SDK
 * raises such an answer and retries it; an export whose file never came
 * whole fails its job as a storage failure instead of being offered.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../platform/wiring/s3-client';
import { s3ExportStore } from './s3-exports';
import { runExportJob } from '../export-jobs';
import type { ExportJob } from '../ports';
import { fakeDeps } from '../../../tests/support/fakes';
import { storeListedEnquiries } from '../../../tests/support/listed-enquiries';

const COMPLETION_ERROR =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>';
const COMPLETED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult><Bucket>exports</Bucket><Key>k</Key><ETag>"abc-2"</ETag></CompleteMultipartUploadResult>';

/** How the stand-in answers each completion in turn (the last one repeats), and what it was asked. */
interface Script {
  completions: ('empty' | 'error' | 'ok')[];
  seen: string[];
}

let server: Server;
let endpoint: string;
const script: Script = { completions: [], seen: [] };

function drain(request: IncomingMessage): Promise<void> {
  return new Promise((done) => request.on('data', () => undefined).on('end', done));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    await drain(request);
    const url = new URL(request.url ?? '/', 'http://s3.test');
    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      script.seen.push('create');
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end('<InitiateMultipartUploadResult><UploadId>up-1</UploadId></InitiateMultipartUploadResult>');
    } else if (request.method === 'PUT' && url.searchParams.has('partNumber')) {
      script.seen.push(`part ${url.searchParams.get('partNumber')}`);
      response.writeHead(200, { etag: `"etag-${url.searchParams.get('partNumber')}"` }).end();
    } else if (request.method === 'POST' && url.searchParams.has('uploadId')) {
      const answer = script.completions.length > 1 ? script.completions.shift() : script.completions[0];
      script.seen.push(`complete (${answer})`);
      if (answer === 'empty') response.writeHead(200, { 'content-type': 'application/xml' }).end();
      else
        response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(answer === 'error' ? COMPLETION_ERROR : COMPLETED);
    } else if (request.method === 'DELETE' && url.searchParams.has('uploadId')) {
      script.seen.push('abort');
      response.writeHead(204).end();
    } else {
      script.seen.push(`${request.method} ${url.pathname}`);
      response
        .writeHead(400, { 'content-type': 'application/xml' })
        .end('<Error><Code>InvalidRequest</Code><Message>Not expected here</Message></Error>');
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((closed) => server.close(closed)));

const store = () =>
  s3ExportStore(
    s3Client({
      region: 'ap-northeast-2',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      endpoint,
      forcePathStyle: true,
    }),
    'exports',
  );

/** A little over two 5 MiB parts of CSV lines. */
function* rows() {
  const line = `${'x'.repeat(1023)}\n`;
  for (let i = 0; i < 11 * 1024; i += 1) yield line;
}

function scripted(completions: Script['completions']) {
  script.completions = [...completions];
  script.seen = [];
}

describe('a multipart completion answered 200', () => {
  it('with an empty body fails the upload after the SDK tried it again, and the parts are freed', async () => {
    scripted(['empty']);
    await expect(store().upload('exports/job/data.csv', rows(), 'data.csv')).rejects.toThrow();
    const completions = script.seen.filter((step) => step.startsWith('complete'));
    expect(completions.length).toBeGreaterThan(1);
    expect(script.seen.at(-1)).toBe('abort');
  });

  it('with an error inside is retried, and the upload succeeds when the next answer is whole', async () => {
    scripted(['error', 'ok']);
    await expect(store().upload('exports/job/data.csv', rows(), 'data.csv')).resolves.toBeUndefined();
    expect(script.seen.filter((step) => step.startsWith('complete'))).toEqual(['complete (error)', 'complete (ok)']);
    expect(script.seen).not.toContain('abort');
  });

  it('with an error inside every time fails the upload', async () => {
    scripted(['error']);
    await expect(store().upload('exports/job/data.csv', rows(), 'data.csv')).rejects.toThrow(/internal error/i);
    expect(script.seen.at(-1)).toBe('abort');
  });
});

describe('an export whose file S3 never completed', () => {
  it('fails its job as a storage failure, the parts freed', async () => {
    scripted(['empty']);
    const deps = fakeDeps();
    // About 11 MiB of CSV: enquiries with long messages, so the file goes up in parts.
    storeListedEnquiries(deps, 2_000, { CONTEXT: 'm'.repeat(5_500) });
    const job: ExportJob = {
      jobId: 'job-empty-200',
      owner: 'staff@example.test',
      filter: {},
      fileName: 'data.csv',
      status: 'queued',
      rowsTotal: 2_000,
      rowsWritten: 0,
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
      expiresAt: Math.floor(deps.clock.now() / 1000) + 3600,
    } as ExportJob;
    await deps.exportJobs.create(job);
    const outcome = await runExportJob({ ...deps, exports: store() }, job.jobId);
    expect(outcome).toBe('failed');
    expect(await deps.exportJobs.get(job.jobId)).toMatchObject({ status: 'failed', failure: 'storage' });
    expect(script.seen).toContain('abort');
  }, 60_000);
});
