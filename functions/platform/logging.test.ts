/**
 * The functions' log lines: one JSON object per line with the keys
 * Powertools wrote (CloudWatch Logs Insights queries keep working), the
 * Lambda context from the first call on, the level filter, and warnings and
 * errors apart from the rest.
 */
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LineWriter, type LogLevel, SERVICE_NAME, createLog } from './logging';

const context = (awsRequestId: string) =>
  ({
    functionName: 'sendmail-fn',
    invokedFunctionArn: 'arn:aws:lambda:ap-northeast-2:1:function:sendmail-fn',
    memoryLimitInMB: '512',
    awsRequestId,
  }) as Context;

function capture(level?: LogLevel) {
  const lines: { level: string; line: Record<string, unknown> }[] = [];
  const write: LineWriter = (lineLevel, text) =>
    lines.push({ level: lineLevel, line: JSON.parse(text) as Record<string, unknown> });
  return { log: createLog(level, write), lines };
}

afterEach(() => vi.unstubAllEnvs());

describe('createLog', () => {
  it('writes the message, level, time and service, then what the call adds', () => {
    const { log, lines } = capture('DEBUG');
    log.info('enquiry stored', { postIndex: 7 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.line).toMatchObject({
      level: 'INFO',
      message: 'enquiry stored',
      service: SERVICE_NAME,
      postIndex: 7,
    });
    expect(Date.parse(String(lines[0]?.line['timestamp']))).not.toBeNaN();
  });

  it('adds the Lambda context, cold start only on the first invocation, and the request id on a request logger', () => {
    const { log, lines } = capture();
    log.addLambdaContext(context('a1'));
    log.forRequest('r1').warn('request failed', { code: 'x' });
    log.addLambdaContext(context('a2'));
    log.error('unexpected failure');
    expect(lines.map(({ line }) => [line['cold_start'], line['function_request_id'], line['requestId']])).toEqual([
      [true, 'a1', 'r1'],
      [false, 'a2', undefined],
    ]);
    expect(lines[0]?.line).toMatchObject({
      function_name: 'sendmail-fn',
      function_memory_size: 512,
      function_arn: context('a1').invokedFunctionArn,
    });
  });

  it('keeps lines below its level, from the argument or else LOG_LEVEL, INFO by default', () => {
    const warnOnly = capture('WARN');
    warnOnly.log.info('hidden');
    warnOnly.log.warn('shown');
    expect(warnOnly.lines.map(({ line }) => line['message'])).toEqual(['shown']);
    vi.stubEnv('LOG_LEVEL', 'silent');
    const silent = capture();
    silent.log.error('hidden');
    expect(silent.lines).toEqual([]);
    vi.stubEnv('LOG_LEVEL', '');
    const byDefault = capture();
    byDefault.log.debug('hidden');
    byDefault.log.info('shown');
    expect(byDefault.lines.map(({ line }) => line['message'])).toEqual(['shown']);
  });

  it('writes warnings and errors to stderr and the rest to stdout, an error as its name and message', () => {
    const streams = { stdout: [] as string[], stderr: [] as string[] };
    for (const name of ['stdout', 'stderr'] as const) {
      vi.spyOn(process[name], 'write').mockImplementation((chunk) => streams[name].push(String(chunk)) > 0);
    }
    const log = createLog('DEBUG');
    log.debug('a');
    log.info('b');
    log.warn('c');
    log.error('d', { cause: new TypeError('bad value') });
    vi.restoreAllMocks();
    const messages = (lines: string[]) => lines.map((line) => (JSON.parse(line) as { message: string }).message);
    expect(messages(streams.stdout)).toEqual(['a', 'b']);
    expect(messages(streams.stderr)).toEqual(['c', 'd']);
    expect(streams.stderr.every((line) => line.endsWith('}\n'))).toBe(true);
    expect(JSON.parse(streams.stderr[1] ?? '{}').cause).toMatchObject({ name: 'TypeError', message: 'bad value' });
  });

  it('writes a circular reference as a marker and a BigInt as its digits, rather than throw and lose the line', () => {
    const { log, lines } = capture();
    const circular: Record<string, unknown> = { name: 'loop' };
    circular['self'] = circular;
    expect(() => log.info('circular', { a: circular })).not.toThrow();
    expect(() => log.warn('big', { n: 10n, nested: { id: 12345678901234567890n } })).not.toThrow();
    expect(lines.map(({ line }) => line['message'])).toEqual(['circular', 'big']);
    expect(lines[0]?.line['a']).toEqual({ name: 'loop', self: '[Circular]' });
    expect(lines[1]?.line).toMatchObject({ n: '10', nested: { id: '12345678901234567890' } });
  });

  it('writes an object met twice side by side in full, since only a loop back to an enclosing object is circular', () => {
    const { log, lines } = capture();
    const shared = { id: 1 };
    const error = new RangeError('too far');
    log.error('twice', { first: shared, second: shared, list: [shared, { shared }], errors: [error, error] });
    expect(lines[0]?.line).toMatchObject({
      first: { id: 1 },
      second: { id: 1 },
      list: [{ id: 1 }, { shared: { id: 1 } }],
    });
    expect(lines[0]?.line['errors']).toEqual([
      { name: 'RangeError', message: 'too far', stack: error.stack },
      { name: 'RangeError', message: 'too far', stack: error.stack },
    ]);
  });

  it('still writes the line, without its fields and saying why, when a field cannot be written at all', () => {
    const { log, lines } = capture();
    const hostile = {
      toJSON() {
        throw new Error('no JSON for you');
      },
    };
    expect(() => log.error('hostile', { requestPart: hostile, jobId: 'job-1' })).not.toThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.line).toMatchObject({
      level: 'ERROR',
      message: 'hostile',
      service: SERVICE_NAME,
      log_error: 'fields not written: no JSON for you',
    });
    expect(lines[0]?.line).not.toHaveProperty('jobId');
  });
});
