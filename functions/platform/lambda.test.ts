/**
 * The Lambda entry: secrets named by ARN are read through the cache, the
 * handler is built once and again only when a secret's value changes (a
 * rotation takes effect without a cold start), a failed secret read answers
 * the JSON 503 and is tried again, and log lines carry the Lambda context.
 */
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES } from '../../shared/routes';
import { settingNamesForRoute } from './config';
import { backgroundHandler } from './declarations';
import { lambdaEntry } from './lambda';
import { apiEvent } from '../../tests/support/fakes';

const logout = API_ROUTES.find((route) => route.name === 'logout')!;
const env = Object.fromEntries(
  settingNamesForRoute(logout).map((name) => [name, name === 'TOKEN_SECRET' ? '' : `value-of-${name}`]),
);
const event = apiEvent({ method: 'GET', path: logout.path, requestId: 'r1', sourceIp: '127.0.0.1' });
const context = {
  functionName: 'login-fn',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:ap-northeast-2:1:function:login-fn',
  memoryLimitInMB: '256',
  awsRequestId: 'aws-req-1',
} as Context;

/** An entry whose handler answers with the token secret it was built with, and counts its builds. */
function entryWith(readSecret: (arn: string) => Promise<string>) {
  const builds: string[] = [];
  const entry = lambdaEntry(
    'logout',
    (deps: { secret: string }) => async () => ({ statusCode: 200, headers: {}, body: deps.secret }),
    (settings) => {
      builds.push(settings.TOKEN_SECRET ?? '');
      return { secret: settings.TOKEN_SECRET ?? '' };
    },
    { env: { ...env, TOKEN_SECRET: undefined, TOKEN_SECRET_ARN: 'arn:token' }, readSecret },
  );
  return { entry, builds };
}

afterEach(() => vi.restoreAllMocks());

describe('lambdaEntry', () => {
  it('builds once while the secret stays the same, and again with the new value after a rotation', async () => {
    let secret = 'a'.repeat(40);
    const { entry, builds } = entryWith(async () => secret);
    expect((await entry(event)).body).toBe(secret);
    expect((await entry(event)).body).toBe(secret);
    secret = 'b'.repeat(40);
    expect((await entry(event)).body).toBe('b'.repeat(40));
    expect(builds).toEqual(['a'.repeat(40), 'b'.repeat(40)]);
  });

  it('answers the JSON 503 while the secret cannot be read, and recovers on a later call', async () => {
    for (const stream of [process.stdout, process.stderr]) vi.spyOn(stream, 'write').mockImplementation(() => true);
    let available = false;
    const { entry } = entryWith(async () => {
      if (!available) throw new Error('Secrets Manager unreachable');
      return 'c'.repeat(40);
    });
    const failed = await entry(event);
    expect(failed.statusCode).toBe(503);
    expect(JSON.parse(failed.body ?? '{}')).toMatchObject({ error: 'service_unavailable' });
    available = true;
    expect((await entry(event)).body).toBe('c'.repeat(40));
  });

  it('puts the Lambda context on its log lines', async () => {
    const written: string[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      });
    }
    const { entry } = entryWith(async () => Promise.reject(new Error('down')));
    await entry(event, context);
    const line = written
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entryLine) => entryLine['message'] === 'unexpected failure');
    expect(line).toMatchObject({ function_name: 'login-fn', function_request_id: 'aws-req-1' });
  });
});

describe('backgroundHandler', () => {
  it('reads a secret named by ARN for a job that uses the token secret (a mail retry opens sealed invitations with it)', async () => {
    const uses = { usesTokenSecret: true, tables: { outbox: 'readWrite' } } as const;
    const builtWith: string[] = [];
    const handler = backgroundHandler(
      uses,
      (settings) => {
        builtWith.push(settings.TOKEN_SECRET ?? '');
        return async () => settings.TOKEN_SECRET;
      },
      { env: { TABLE_OUTBOX: 'outbox', TOKEN_SECRET_ARN: 'arn:token' }, readSecret: async () => 'd'.repeat(40) },
    );
    expect(await handler({})).toBe('d'.repeat(40));
    expect(await handler({})).toBe('d'.repeat(40));
    expect(builtWith).toEqual(['d'.repeat(40)]);
  });
});
