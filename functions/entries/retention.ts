import type { Context } from 'aws-lambda';
import { SCHEDULED_JOBS } from '../../shared/routes';
import { readSettings, settingNamesFor } from '../config';
import { baseDeps } from '../deps';
import { createLog } from '../logging';
import { runRetention } from '../privacy/erasure';
import { dynamoStores, aggregates, counters, enquiries, erasures, events, outbox, submissions } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

const job = SCHEDULED_JOBS.find((candidate) => candidate.name === 'retention');
if (!job) throw new Error('No retention job');
const settings = readSettings(process.env, settingNamesFor(job.uses));
const base = baseDeps(settings, createLog());
const deps = mergeLazy(base, dynamoStores(settings, {}, base.clock, { enquiries, events, outbox, submissions, counters, erasures, aggregates }), s3Deps(settings, {}));

/** Scheduled (EventBridge, daily): removes enquiries past the retention period (shared/retention.ts), held ones kept. */
export const handler = async (_event: unknown, context?: Context) => {
  if (context) deps.log.addLambdaContext(context);
  const outcome = await runRetention(deps);
  deps.log.info('retention run', outcome);
  return outcome;
};
