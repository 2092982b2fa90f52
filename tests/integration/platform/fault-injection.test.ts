/**
 * Fault injection of the local stack: the proxy in front of each emulator
 * (refuse, hang, slow, back up), the control endpoint and its key, the
 * `npm run fault` CLI, and what the product answers while a service is down.
 */
import { execFile } from 'node:child_process';
import { Agent, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultControlClient } from '../../../local/faults/control-client';
import { type FaultProxy, startFaultProxy } from '../../../local/faults/fault-proxy';
import { SERVICE_UP } from '../../../local/faults/faults';
import { amazonTranslator, translateClient } from '../../../functions/translation/adapters/amazon-translate';
import { TranslationRefused } from '../../../functions/translation/ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';
import { LOCAL_STAND_IN, LOCAL_STAND_IN_MARK } from '../../../shared/translation/translation';
import { type Answer, requestAnswer } from '../../support/http-answer';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';

function get(
  url: string,
  options: { agent?: Agent; host?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  return requestAnswer({
    host: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    method: options.method ?? 'GET',
    // A fresh connection unless the test gives an agent: Node's global agent keeps connections alive, which would reach a refusing proxy.
    agent: options.agent ?? false,
    headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
  });
}

/** Waits until the proxy holds `count` requests (the requests travel through the event loop first). */
async function untilHeld(proxy: FaultProxy, count: number) {
  while (proxy.waiting !== count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the fault proxy', () => {
  let upstream: Server;
  let proxy: FaultProxy;
  let served = 0;

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      served += 1;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`upstream saw ${request.method} ${request.url}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startFaultProxy({
      service: 'dynamodb',
      target: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await proxy.stop();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('forwards while the service is up', async () => {
    const answer = await get(`${proxy.endpoint}/tables?x=1`);
    expect(answer).toMatchObject({ status: 200, body: 'upstream saw GET /tables?x=1' });
  });

  it("refuses: new connections are refused, an open one gets the service's 503 and is closed; back up, it forwards again", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(`${proxy.endpoint}/a`, { agent })).status).toBe(200);
    await proxy.set({ mode: 'refuse' });
    const before = served;
    const onOpenConnection = await get(`${proxy.endpoint}/b`, { agent });
    expect(onOpenConnection.status).toBe(503);
    expect(onOpenConnection.headers['connection']).toBe('close');
    expect(JSON.parse(onOpenConnection.body)).toMatchObject({ __type: expect.stringContaining('ServiceUnavailable') });
    await expect(get(`${proxy.endpoint}/c`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(served).toBe(before);
    await proxy.set(SERVICE_UP);
    expect((await get(`${proxy.endpoint}/d`)).status).toBe(200);
    agent.destroy();
  });

  it('hangs: holds every request, unanswered, until the service is back, then answers them', async () => {
    await proxy.set({ mode: 'hang' });
    let answered = false;
    const pending = get(`${proxy.endpoint}/held`).then((answer) => {
      answered = true;
      return answer;
    });
    await untilHeld(proxy, 1);
    expect(answered).toBe(false);
    await proxy.set(SERVICE_UP);
    expect(await pending).toMatchObject({ status: 200, body: 'upstream saw GET /held' });
    expect(proxy.waiting).toBe(0);
  });

  it('slows: holds each request for the delay, then forwards it; a request held when the service is refused is refused', async () => {
    await proxy.set({ mode: 'slow', delayMs: 5 });
    expect((await get(`${proxy.endpoint}/slow`)).body).toBe('upstream saw GET /slow');
    await proxy.set({ mode: 'slow', delayMs: 600_000 });
    const pending = get(`${proxy.endpoint}/very-slow`);
    await untilHeld(proxy, 1);
    await proxy.set({ mode: 'refuse' });
    expect((await pending).status).toBe(503);
    await proxy.set(SERVICE_UP);
  });

  it('answers only requests addressed to this machine (DNS rebinding)', async () => {
    expect((await get(`${proxy.endpoint}/x`, { host: 'evil.example' })).status).toBe(421);
  });
});

describe('the local stack with faults injected', () => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startTestStack();
    token = await signIn(stack);
  });
  afterAll(() => stack.dispose());

  const total = async () => Number((await postJson(stack, '/api/view', {}, token)).headers.get('x-total-count'));

  it('guards its control endpoint with the key made at start, on loopback only', async () => {
    const { url, key } = stack.faults.control;
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect((await get(`${url}/faults`)).status).toBe(401);
    expect((await get(`${url}/faults`, { headers: { authorization: `Bearer ${key}x` } })).status).toBe(401);
    expect(
      (await get(`${url}/faults`, { headers: { authorization: `Bearer ${key}` }, host: 'evil.example' })).status,
    ).toBe(421);
    const control = faultControlClient(stack.faults.control);
    await expect(control.set('ses', { mode: 'slow', delayMs: 0 })).rejects.toThrow(/400/);
    expect(
      (await get(`${url}/faults/sqs`, { method: 'PUT', headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(404);
    expect(await control.state()).toEqual({
      ses: { fault: SERVICE_UP, waiting: 0 },
      dynamodb: { fault: SERVICE_UP, waiting: 0 },
      s3: { fault: SERVICE_UP, waiting: 0 },
      translate: { fault: SERVICE_UP, waiting: 0 },
    });
  });

  it('npm run fault switches a service of the running stack and brings it back', async () => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'local/cli/fault.ts', ...args], {
        env: {
          ...process.env,
          FAULT_CONTROL_URL: stack.faults.control.url,
          FAULT_CONTROL_KEY: stack.faults.control.key,
        },
      });
    expect((await run('s3', 'slow', '250ms')).stdout).toMatch(/s3\s+slow \(250 ms a request\)/);
    expect(stack.faults.state().s3.fault).toEqual({ mode: 'slow', delayMs: 250 });
    expect((await run('all', 'down')).stdout).toMatch(/ses\s+refuse\n\s+dynamodb\s+refuse\n\s+s3\s+refuse/);
    expect((await run('all', 'up')).stdout).toMatch(/ses\s+up\n\s+dynamodb\s+up\n\s+s3\s+up/);
    await expect(run('dynamodb', 'sideways')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('A fault is up, refuse'),
    });
  });

  it('DynamoDB refusing: an enquiry is answered with a JSON 503 and nothing is stored; back up, the same submission is stored once', async () => {
    const before = await total();
    const submission = enquiry({ submission_id: crypto.randomUUID(), user_name: 'During an outage' });
    await stack.faults.set('dynamodb', { mode: 'refuse' });
    const refused = await postJson(stack, '/api/sendmail', { data: submission });
    await stack.faults.set('dynamodb', SERVICE_UP);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: 'service_unavailable' });
    expect(await total()).toBe(before);
    const retried = await postJson(stack, '/api/sendmail', { data: submission });
    expect(retried.status).toBe(200);
    expect(await total()).toBe(before + 1);
  });

  it('DynamoDB hanging: the API answers a JSON 503 of its own instead of waiting with the caller', async () => {
    await stack.faults.set('dynamodb', { mode: 'hang' });
    try {
      const answer = await fetch(`${stack.url}/api/amendBest`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ error: 'service_unavailable' });
    } finally {
      await stack.faults.set('dynamodb', SERVICE_UP);
    }
    expect((await fetch(`${stack.url}/api/amendBest`)).status).toBe(200);
  });

  it('S3 hanging: a package save that must check its image answers a JSON 503 of its own, and nothing changes', async () => {
    const board = async () => (await fetch(`${stack.url}/api/amendBest`)).text();
    const before = await board();
    const edit = {
      index: 1,
      title_kr: '제목',
      content_kr: '내용',
      title_en: 'Title',
      content_en: 'Content',
      title_ch: '标题',
      content_ch: '内容',
      title_ru: 'Заголовок',
      content_ru: 'Текст',
      imgUP: '00000000-0000-4000-8000-000000000000.png',
    };
    await stack.faults.set('s3', { mode: 'hang' });
    try {
      const answer = await postJson(stack, '/api/modalinput', { data: edit }, token);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ error: 'service_unavailable' });
    } finally {
      await stack.faults.set('s3', SERVICE_UP);
    }
    expect(await board()).toBe(before);
  });

  it('S3 refusing: images fail while it is down and are served again once it is back', async () => {
    const image = `${stack.url}/image/best-1-checkup-popup.webp`;
    await stack.faults.set('s3', { mode: 'refuse' });
    const refused = await fetch(image);
    await stack.faults.set('s3', SERVICE_UP);
    expect(refused.status).toBe(502);
    expect(await refused.text()).not.toMatch(/ServiceUnavailable|fault injected/);
    expect((await fetch(image)).status).toBe(200);
  });

  it("Translate refusing: a translation fails as one worth retrying (Translate's own 503), and succeeds once it is back", async () => {
    const client = translateClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: stack.faults.endpoints.translate,
      maxAttempts: 1,
    });
    const translator = amazonTranslator(client, { engine: LOCAL_STAND_IN, terminologyName: 'mt-fault-labels' });
    await stack.faults.set('translate', { mode: 'refuse' });
    const refused = await translator
      .translate({ text: 'Привет', source: 'ru', target: 'ko' })
      .catch((error: unknown) => error);
    await stack.faults.set('translate', SERVICE_UP);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(TranslationRefused);
    expect((await translator.translate({ text: 'Привет', source: 'ru', target: 'ko' })).text).toBe(
      `${LOCAL_STAND_IN_MARK}: ru→ko] Привет`,
    );
  });
});
