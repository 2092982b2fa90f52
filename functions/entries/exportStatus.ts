import { makeExportStatusHandler } from '../exports/export-status-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, exportJobs, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('exportStatus', makeExportStatusHandler, (settings, base) =>
  mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, exportJobs }), s3Deps(settings, {})),
);
