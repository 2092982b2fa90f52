import { makeExportCsvHandler } from '../handlers/export-csv';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('exportCsv', makeExportCsvHandler);
