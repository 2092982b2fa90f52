/**
 * CSV exports: the Lambda function of each route, declared once beside its
 * handler (functions/platform/declarations.ts). The route's method, path, access, roles
 * and resources are the wire contract's, in shared/routes.ts.
 */
import type { Context } from 'aws-lambda';
import type { ExportWorkerEvent } from './adapters/lambda-export-worker';
import { declareBackground, declareRoute } from '../platform/declarations';
import { createLog } from '../platform/logging';
import { exportWorkerDeps } from './adapters/worker-wiring';
import { EXPORT_WORKER_TIMEOUT_SECONDS, runExportJob } from './export-jobs';
import { dynamoStores } from '../platform/wiring/dynamodb-stores';
import { enquiryExports, exportJobs } from './adapters/stores';
import { listReadingStores } from '../enquiries/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { lambdaDeps } from './adapters/lambda';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { exports } from './adapters/stores';
import { makeExportCsvHandler } from './export-csv-handler';
import { makeExportStatusHandler } from './export-status-handler';

// Answers an export of at most EXPORT_INLINE_MAX_BYTES itself (about a second); a larger one only starts the worker.
export const exportCsvRoute = /* @__PURE__ */ declareRoute({
  name: 'exportCsv',
  sizing: { memoryMiB: 1024, timeoutSeconds: 29 },
  makeHandler: makeExportCsvHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, ...listReadingStores, enquiryExports, exportJobs }),
      lambdaDeps(settings, {}),
    ),
});

// Reads one job, and once it is ready checks its file and signs a link.
export const exportStatusRoute = /* @__PURE__ */ declareRoute({
  name: 'exportStatus',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeExportStatusHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, exportJobs }),
      s3Stores(settings, {}, { exports }),
    ),
});

/**
 * Started asynchronously by the export route (`{ jobId }`): writes the job's
 * CSV to the export bucket. A failure it can see ends the job as failed; one
 * it cannot (the time limit, memory) leaves the job silent, and the status
 * route fails it. It turns rows into CSV on one core: 1,769 MiB is where
 * Lambda gives a function a whole vCPU. Its memory stays flat whatever the
 * export's size (a few ranges of rows and four 5 MiB parts at a time, nothing
 * on /tmp); 15 minutes is Lambda's limit, and 1,000,000 rows stay far inside it
 * (docs/csv-exports.md, 'A million rows, on paper').
 */
export const exportWorker = /* @__PURE__ */ declareBackground(
  'exportWorker',
  { memoryMiB: 1769, timeoutSeconds: EXPORT_WORKER_TIMEOUT_SECONDS },
  () => {
    const deps = exportWorkerDeps(process.env, {}, createLog());
    return async (event: ExportWorkerEvent, context?: Context) => {
      if (context) deps.log.addLambdaContext(context);
      const outcome = await runExportJob(deps, event.jobId);
      deps.log.info('export run', { jobId: event.jobId, outcome });
      return outcome;
    };
  },
);
