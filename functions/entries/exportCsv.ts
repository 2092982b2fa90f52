import { makeExportCsvHandler } from '../handlers/export-csv';
import { lambdaEntry } from '../lambda';
import { dynamoStores, counters, enquiries, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('exportCsv', makeExportCsvHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, counters }), s3Deps(settings, {})));
