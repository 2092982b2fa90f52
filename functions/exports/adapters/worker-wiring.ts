import { WORKERS } from '../../../shared/resources';
import { readSettings, settingNamesFor } from '../../platform/config';
import { baseDeps } from '../../platform/deps';
import type { Log } from '../../platform/logging';
import type { ExportWorkerDeps } from '../export-worker-deps';
import type { AwsClientOptions } from '../../platform/wiring/aws';
import { dynamoStores } from '../../platform/wiring/dynamodb-stores';
import { enquiryExports, exportJobs } from './stores';
import { listReadingStores } from '../../enquiries/adapters/stores';
import { mergeLazy } from '../../platform/wiring/lazy';
import { s3Stores } from '../../platform/wiring/s3-stores';
import { exports } from './stores';

/**
 * What the export worker runs on, from an environment's settings (only those
 * its `uses` in the route table need): the Lambda entry builds it from
 * process.env, the local worker process from the stack's settings and the
 * emulators' endpoints.
 */
export function exportWorkerDeps(
  environment: Record<string, string | undefined>,
  aws: AwsClientOptions,
  log: Log,
): ExportWorkerDeps {
  const settings = readSettings(environment, settingNamesFor(WORKERS.exportWorker.uses));
  const base = baseDeps(settings, log);
  return mergeLazy(
    base,
    dynamoStores(settings, aws, base.clock, { ...listReadingStores, enquiryExports, exportJobs }),
    s3Stores(settings, aws, { exports }),
  );
}
