import type { Context } from 'aws-lambda';
import { WORKERS } from '../../shared/routes';
import type { ExportWorkerEvent } from '../adapters/lambda/workers';
import { readSettings, settingNamesFor } from '../config';
import { baseDeps } from '../deps';
import { createLog } from '../logging';
import { runExportJob } from '../services/export-jobs';
import { counters, dynamoStores, enquiries, enquiryExports, exportJobs } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

const settings = readSettings(process.env, settingNamesFor(WORKERS.exportWorker.uses));
const base = baseDeps(settings, createLog());
const deps = mergeLazy(base, dynamoStores(settings, {}, base.clock, { enquiries, enquiryExports, counters, exportJobs }), s3Deps(settings, {}));

/**
 * Started asynchronously by the export route (`{ jobId }`): writes the job's
 * CSV to the export bucket. A failure it can see ends the job as failed; one
 * it cannot (the time limit, memory) leaves the job silent, and the status
 * route fails it.
 */
export const handler = async (event: ExportWorkerEvent, context?: Context) => {
  if (context) deps.log.addLambdaContext(context);
  const outcome = await runExportJob(deps, event.jobId);
  deps.log.info('export run', { jobId: event.jobId, outcome });
  return outcome;
};
