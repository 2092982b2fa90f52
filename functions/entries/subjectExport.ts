import { makeSubjectExportHandler } from '../privacy/privacy-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, enquiries, events, outbox, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('subjectExport', makeSubjectExportHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events, outbox })));
