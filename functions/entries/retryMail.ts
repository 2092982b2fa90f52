import type { Context } from 'aws-lambda';
import { SCHEDULED_JOBS } from '../../shared/routes';
import { readSettings, settingNamesFor } from '../config';
import { baseDeps } from '../deps';
import { createLog } from '../logging';
import { retryDueMail } from '../mail/mail-delivery';
import { dynamoStores, enquiries, outbox, throttle } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { sesDeps } from '../wiring/ses';

const job = SCHEDULED_JOBS.find((candidate) => candidate.name === 'retryMail');
if (!job) throw new Error('No retryMail job');
const settings = readSettings(process.env, settingNamesFor(job.uses));
const base = baseDeps(settings, createLog());
const deps = mergeLazy(base, dynamoStores(settings, {}, base.clock, { enquiries, outbox, throttle }), sesDeps(settings, {}));

/** Scheduled (EventBridge): retries the staff mail of stored enquiries whose first send failed. */
export const handler = async (_event: unknown, context?: Context) => {
  if (context) deps.log.addLambdaContext(context);
  const outcome = await retryDueMail(deps);
  deps.log.info('mail retry run', outcome);
  return outcome;
};
