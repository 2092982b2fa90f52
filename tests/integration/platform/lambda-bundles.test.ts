/**
 * The functions as deployed: each bundle made by functions/bundling/bundling.ts (the
 * SDK trimmed by its aliases and plugins) runs in a fresh Node process with
 * Lambda's kind of environment, credentials in variables only
 * (local/workers/lambda-process.ts), against the local stack. The other integration
 * tests run the same handlers unbundled; these show the trimmed bundles still
 * sign in, store and mail an enquiry, presign and check an upload, and export
 * in the background: the export route's bundle starts the worker through
 * Lambda's Invoke API (a stand-in endpoint here, which runs the worker's
 * bundle on the event), and the status route's bundle hands out the file;
 * and the kept mail box's routes, whose bundles hold the MIME parser, read
 * and attach a mail the SMTP door kept apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_FILE, bundleLambdas } from '../../../functions/bundling/bundling';
import {
  type RouteRequest,
  apiEvent,
  lambdaEnvironment,
  runInFreshProcess,
} from '../../../local/workers/lambda-process';
import type { ExportJobView } from '../../../shared/exports/export-jobs';
import { type RouteName } from '../../../shared/routes';
import { WORKERS } from '../../../shared/resources';
import { STAFF, type TestStack, capturedMail, enquiry, startTestStack } from '../../support/stack';
import { sendToDoor } from '../../support/inbound-mail';
import type { KeptMailList } from '../../../shared/conversation/kept-mail';

const ROUTES = [
  'amendBest',
  'sendmail',
  'login',
  'fileupload',
  'modalinput',
  'exportCsv',
  'exportStatus',
  'keptMail',
  'keptMailText',
  'attachKeptMail',
] as const satisfies readonly RouteName[];
const WORKER_FUNCTION = 'export-worker-under-test';

let stack: TestStack;
let folder: string;
let token: string;
/** Stands in for Lambda's Invoke API: answers 202 and keeps each event, as an asynchronous invocation queues it. */
let lambdaEndpoint: Server;
const invocations: { path: string; invocationType: string; event: unknown }[] = [];

/** The functions' environment, with the Invoke stand-in and the worker's name. */
const environment = () => ({
  ...lambdaEnvironment(stack),
  AWS_ENDPOINT_URL_LAMBDA: `http://127.0.0.1:${(lambdaEndpoint.address() as AddressInfo).port}`,
  [WORKERS.exportWorker.envVar]: WORKER_FUNCTION,
});

/** One fresh process of the route's bundle answering the requests in turn. */
async function invoke(route: (typeof ROUTES)[number], ...requests: RouteRequest[]) {
  const events = requests.map((request, i) => apiEvent(route, stack.url, request, `bundle-${route}-${i}`));
  const { answers } = await runInFreshProcess(join(folder, route, LAMBDA_BUNDLE_FILE), environment(), events);
  return answers.map(({ response }) => ({
    status: response.statusCode,
    body: JSON.parse(response.body || 'null') as unknown,
  }));
}

const staff = (body: unknown): RouteRequest => ({ headers: { authorization: `Bearer ${token}` }, body });

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'mt-bundles-'));
  // Every export through the bucket, so the bundle's S3 upload and presigned link are used.
  lambdaEndpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      invocations.push({
        path: request.url ?? '',
        invocationType: String(request.headers['x-amz-invocation-type']),
        event: JSON.parse(body) as unknown,
      });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((listening) => lambdaEndpoint.listen(0, '127.0.0.1', listening));
  [stack] = await Promise.all([
    startTestStack({ env: { EXPORT_INLINE_MAX_BYTES: '1' } }),
    bundleLambdas(folder, [...ROUTES, 'exportWorker']),
  ]);
  const [signedIn] = await invoke('login', { body: { data: { email: STAFF.email, pass: STAFF.password } } });
  expect(signedIn?.status).toBe(200);
  token = signedIn?.body as string;
}, 180_000);

afterAll(async () => {
  await new Promise((closed) => lambdaEndpoint?.close(closed));
  await stack?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

describe('the bundled functions', () => {
  it('answer the board, and store and mail an enquiry, through DynamoDB and SES', async () => {
    const [board] = await invoke('amendBest', {});
    expect(board?.status).toBe(200);
    expect(board?.body).toHaveLength(3);
    const [sent] = await invoke('sendmail', {
      body: { data: enquiry({ user_name: 'Bundled Visitor', user_email: 'bundled@example.com' }) },
    });
    expect(sent?.status).toBe(200);
    const mails = await capturedMail(stack);
    expect(mails.some((mail) => mail.body.text?.includes('Bundled Visitor'))).toBe(true);
  });

  it('presign an upload, then check and publish it, through S3', async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#274fd5' } })
      .png()
      .toBuffer();
    const [ticket] = await invoke('fileupload', staff({ data: { contentType: 'image/png', size: image.length } }));
    expect(ticket?.status).toBe(200);
    const { filename, upload } = ticket?.body as {
      filename: string;
      upload: { url: string; fields: Record<string, string> };
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'upload.png');
    expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const titles = {
      title_kr: '제목',
      content_kr: '내용',
      title_en: 'Title',
      content_en: 'Content',
      title_ch: '标题',
      content_ch: '内容',
      title_ru: 'Заголовок',
      content_ru: 'Текст',
    };
    const [saved] = await invoke('modalinput', staff({ data: { index: 1, ...titles, imgUP: filename } }));
    expect(saved?.status).toBe(200);
    expect((await fetch(`${stack.url}/image/${filename}`)).status).toBe(200);
  });

  it('export in the background: the route starts the worker through Lambda, the worker writes the file, the status route links to it', async () => {
    const [started] = await invoke('exportCsv', {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(started?.status).toBe(202);
    const { jobId } = started?.body as ExportJobView;
    expect(invocations).toEqual([
      { path: `/2015-03-31/functions/${WORKER_FUNCTION}/invocations`, invocationType: 'Event', event: { jobId } },
    ]);

    // Lambda runs the worker's bundle on the event it queued.
    const { answers } = await runInFreshProcess(join(folder, 'exportWorker', LAMBDA_BUNDLE_FILE), environment(), [
      invocations[0]?.event,
    ] as never);
    expect(answers[0]?.response).toBe('ready');

    const [status] = await invoke('exportStatus', { headers: { authorization: `Bearer ${token}` }, params: { jobId } });
    expect(status?.status).toBe(200);
    const view = status?.body as ExportJobView;
    expect(view).toMatchObject({ jobId, status: 'ready' });
    const download = await fetch(view.url ?? '');
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('Bundled Visitor');
  });

  it("list, read and attach a kept mail: the MIME parser in a route's bundle, S3 and DynamoDB", async () => {
    const [sent] = await invoke('sendmail', {
      body: { data: enquiry({ user_name: 'Kept Visitor', user_email: 'kept-bundle@example.com' }) },
    });
    const index = Number((sent?.body as { reference: string }).reference.slice(3));
    await sendToDoor(stack, {
      from: 'kept-bundle@example.com',
      to: `centre@${stack.inboundSmtp.domain}`,
      subject: 'Bundled kept mail',
      text: 'Привет из бандла.',
    });
    const [listed] = await invoke('keptMail', {
      headers: { authorization: `Bearer ${token}` },
      query: 'box=unmatched',
    });
    const key = (listed?.body as KeptMailList).mails.find((mail) => mail.subject === 'Bundled kept mail')?.key ?? '';
    const [text] = await invoke('keptMailText', {
      headers: { authorization: `Bearer ${token}` },
      query: new URLSearchParams({ key }).toString(),
    });
    expect(text?.body).toEqual({ key, text: 'Привет из бандла.' });
    const [attached] = await invoke('attachKeptMail', staff({ data: { key, index } }));
    expect(attached).toEqual({ status: 200, body: { key, postIndex: index, firstTime: true } });
    expect(
      (await stack.deps.events.list(index))
        .filter((event) => event.type === 'visitorMessage')
        .map((event) => event.text),
    ).toEqual(['Привет из бандла.']);
  });
});
