/**
 * The Translate client's own call limits (TRANSLATE_CALL_LIMITS): the client
 * carries them, and against a Translate that never answers a call is given
 * up as a time-out after its two attempts, not left waiting or sent a third
 * time. A bare HTTP server stands in for Translate.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TranslateTextCommand } from '@aws-sdk/client-translate';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSLATE_CALL_LIMITS, translateClient } from './amazon-translate';

const CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };
const TRANSLATED = { TranslatedText: '안녕하세요', SourceLanguageCode: 'en', TargetLanguageCode: 'ko' };

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A stand-in that counts the calls it gets, and answers each with a translation, or never. */
async function standIn(answers: boolean): Promise<{ endpoint: string; calls: () => number }> {
  let calls = 0;
  server = createServer((request, response) => {
    calls += 1;
    request.resume();
    if (answers)
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify(TRANSLATED));
      });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, calls: () => calls };
}

const translation = () =>
  new TranslateTextCommand({ Text: 'Hello', SourceLanguageCode: 'en', TargetLanguageCode: 'ko' });

describe('the Translate client', () => {
  it('carries its own time-outs and attempts, and no idle limit on the socket', async () => {
    const { endpoint } = await standIn(true);
    const client = translateClient({ region: 'ap-northeast-2', credentials: CREDENTIALS, endpoint });
    await expect(client.send(translation())).resolves.toMatchObject(TRANSLATED);
    expect(await client.config.maxAttempts()).toBe(2);
    // The handler's settings as it resolved them for the call (the SDK types the handler as any handler).
    const handler = client.config.requestHandler as unknown as { httpHandlerConfigs(): Record<string, unknown> };
    expect(handler.httpHandlerConfigs()).toMatchObject({
      connectionTimeout: 1_000,
      requestTimeout: 6_000,
      throwOnRequestTimeout: true,
      socketTimeout: undefined,
    });
  });

  it('gives a call up as a time-out once it is past the request time-out, after two attempts', async () => {
    const { endpoint, calls } = await standIn(false);
    // The limits as they are, but a shorter wait: the test should not take twelve seconds.
    const client = translateClient({
      region: 'ap-northeast-2',
      credentials: CREDENTIALS,
      endpoint,
      requestHandler: { ...TRANSLATE_CALL_LIMITS.requestHandler, requestTimeout: 300 },
    });
    const started = Date.now();
    const failure = await client.send(translation()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'TimeoutError' });
    expect(calls()).toBe(TRANSLATE_CALL_LIMITS.maxAttempts);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
