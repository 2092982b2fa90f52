/**
 * A call around CloudFront is refused before its route runs, and each such
 * refusal is a point of the DirectCallRefused metric of its API (a log line
 * in CloudWatch's embedded metric format), which the stack's alarm watches.
 */
import { describe, expect, it } from 'vitest';
import { createLog } from '../logging';
import { DIRECT_CALL_METRIC, DIRECT_CALL_REFUSAL } from '../../../shared/origin-headers';
import { apiEvent, bodyOf } from '../../../tests/support/fakes';
import { httpHandler } from './handler';
import { json } from './response';

function handlerWithLines(originSecret: string) {
  const lines: string[] = [];
  let ran = 0;
  const handler = httpHandler(
    { log: createLog('INFO', (_level, line) => lines.push(line)), settings: { ORIGIN_VERIFY_SECRET: originSecret } },
    async () => {
      ran += 1;
      return json(200, 'ran');
    },
  );
  return { handler, lines, ran: () => ran };
}

describe('calls that did not come through CloudFront', () => {
  it('are refused before the route runs, each written as one point of the metric of its API', async () => {
    const { handler, lines, ran } = handlerWithLines('edge-secret');
    const response = await handler(apiEvent({ headers: { 'x-origin-verify': 'a guess' } }));
    expect(response.statusCode).toBe(403);
    // The same body the API's web ACL answers a direct call with (infra/constructs/api/api-firewall.ts).
    expect(bodyOf(response)).toEqual(DIRECT_CALL_REFUSAL);
    expect(ran()).toBe(0);
    const line = JSON.parse(lines.at(-1) ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'WARN',
      [DIRECT_CALL_METRIC.name]: 1,
      [DIRECT_CALL_METRIC.dimension]: 'unit',
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: DIRECT_CALL_METRIC.namespace,
            Dimensions: [[DIRECT_CALL_METRIC.dimension]],
            Metrics: [{ Name: DIRECT_CALL_METRIC.name, Unit: 'Count' }],
          },
        ],
      },
    });
    expect(typeof (line['_aws'] as { Timestamp: unknown }).Timestamp).toBe('number');
  });

  it('write no metric when they come through it, nor where no origin secret is set (the local stack)', async () => {
    const cdn = handlerWithLines('edge-secret');
    expect((await cdn.handler(apiEvent({ headers: { 'x-origin-verify': 'edge-secret' } }))).statusCode).toBe(200);
    const local = handlerWithLines('');
    expect((await local.handler(apiEvent())).statusCode).toBe(200);
    expect([...cdn.lines, ...local.lines].join('\n')).not.toContain(DIRECT_CALL_METRIC.name);
  });
});
