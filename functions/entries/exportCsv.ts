import { makeExportCsvHandler } from '../handlers/export-csv';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { lambdaDeps } from '../wiring/lambda';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('exportCsv', makeExportCsvHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock), lambdaDeps(settings, {})));
