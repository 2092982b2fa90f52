import type { Context } from 'aws-lambda';
import type { ExportWorkerEvent } from '../adapters/lambda/workers';
import { createLog } from '../logging';
import { runExportJob } from '../exports/export-jobs';
import { exportWorkerDeps } from '../wiring/export-worker';

const deps = exportWorkerDeps(process.env, {}, createLog());

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
