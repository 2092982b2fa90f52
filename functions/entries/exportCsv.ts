import { makeExportCsvHandler } from '../exports/export-csv-handler';
import { lambdaEntry } from '../lambda';
import { counters, dynamoStores, enquiries, enquiryExports, exportJobs, staffAuthStores } from '../wiring/dynamodb';
import { lambdaDeps } from '../wiring/lambda';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('exportCsv', makeExportCsvHandler, (settings, base) =>
  mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, enquiryExports, counters, exportJobs }), lambdaDeps(settings, {})),
);
