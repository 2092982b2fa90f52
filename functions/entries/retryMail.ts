import { SCHEDULED_JOBS } from '../../shared/routes';
import { readSettings, settingNamesFor } from '../config';
import { createDeps } from '../deps';
import { createLog } from '../logging';
import { retryDueMail } from '../services/mail-delivery';

const job = SCHEDULED_JOBS.find((candidate) => candidate.name === 'retryMail');
if (!job) throw new Error('No retryMail job');
const deps = createDeps(readSettings(process.env, settingNamesFor(job.uses)), {}, createLog());

/** Scheduled (EventBridge): retries the staff mail of stored enquiries whose first send failed. */
export const handler = async () => {
  const outcome = await retryDueMail(deps);
  deps.log.info('mail retry run', outcome);
  return outcome;
};
