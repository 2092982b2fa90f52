import { makeExportStatusHandler } from '../handlers/export-status';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('exportStatus', makeExportStatusHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock), s3Deps(settings, {})));
