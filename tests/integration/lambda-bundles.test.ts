/**
 * The functions as deployed: each bundle made by functions/bundling.ts (the
 * SDK trimmed by its aliases and plugins) runs in a fresh Node process with
 * Lambda's kind of environment, credentials in variables only
 * (local/lambda-process.ts), against the local stack. The other integration
 * tests run the same handlers unbundled; these show the trimmed bundles still
 * sign in, store and mail an enquiry, presign and check an upload, and export.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_FILE, bundleLambdas } from '../../functions/bundling';
import { type RouteRequest, apiEvent, lambdaEnvironment, runInFreshProcess } from '../../local/lambda-process';
import type { RouteName } from '../../shared/routes';
import { STAFF, type TestStack, capturedMail, enquiry, startTestStack } from '../support/stack';

const ROUTES = ['amendBest', 'sendmail', 'login', 'fileupload', 'modalinput', 'exportCsv'] as const satisfies readonly RouteName[];

let stack: TestStack;
let folder: string;
let token: string;

/** One fresh process of the route's bundle answering the requests in turn. */
async function invoke(route: (typeof ROUTES)[number], ...requests: RouteRequest[]) {
  const events = requests.map((request, i) => apiEvent(route, stack.url, request, `bundle-${route}-${i}`));
  const { answers } = await runInFreshProcess(join(folder, route, LAMBDA_BUNDLE_FILE), lambdaEnvironment(stack), events);
  return answers.map(({ response }) => ({ status: response.statusCode, body: JSON.parse(response.body || 'null') as unknown }));
}

const staff = (body: unknown): RouteRequest => ({ headers: { authorization: `Bearer ${token}` }, body });

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'mt-bundles-'));
  // Every export through the bucket, so the bundle's S3 upload and presigned link are used.
  [stack] = await Promise.all([startTestStack({ env: { EXPORT_INLINE_MAX_BYTES: '1' } }), bundleLambdas(folder, ROUTES)]);
  const [signedIn] = await invoke('login', { body: { data: { email: STAFF.email, pass: STAFF.password } } });
  expect(signedIn?.status).toBe(200);
  token = signedIn?.body as string;
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

describe('the bundled functions', () => {
  it('answer the board, and store and mail an enquiry, through DynamoDB and SES', async () => {
    const [board] = await invoke('amendBest', {});
    expect(board?.status).toBe(200);
    expect(board?.body).toHaveLength(3);
    const [sent] = await invoke('sendmail', { body: { data: enquiry({ user_name: 'Bundled Visitor', user_email: 'bundled@example.com' }) } });
    expect(sent?.status).toBe(200);
    const mails = await capturedMail(stack);
    expect(mails.some((mail) => mail.body.text?.includes('Bundled Visitor'))).toBe(true);
  });

  it('presign an upload, then check and publish it, through S3', async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#274fd5' } }).png().toBuffer();
    const [ticket] = await invoke('fileupload', staff({ data: { contentType: 'image/png', size: image.length } }));
    expect(ticket?.status).toBe(200);
    const { filename, upload } = ticket?.body as { filename: string; upload: { url: string; fields: Record<string, string> } };
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'upload.png');
    expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const titles = { title_kr: '제목', content_kr: '내용', title_en: 'Title', content_en: 'Content', title_ch: '标题', content_ch: '内容', title_ru: 'Заголовок', content_ru: 'Текст' };
    const [saved] = await invoke('modalinput', staff({ data: { index: 1, ...titles, imgUP: filename } }));
    expect(saved?.status).toBe(200);
    expect((await fetch(`${stack.url}/image/${filename}`)).status).toBe(200);
  });

  it('export the enquiries to the bucket and link to the file', async () => {
    const [exported] = await invoke('exportCsv', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    expect(exported?.status).toBe(200);
    const download = await fetch((exported?.body as { url: string }).url);
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('Bundled Visitor');
  });
});
