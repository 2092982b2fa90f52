import { makeSubjectExportHandler } from '../handlers/privacy';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('subjectExport', makeSubjectExportHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
