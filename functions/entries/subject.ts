import { makeSubjectHandler } from '../privacy/privacy-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, enquiries, events, outbox, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('subject', makeSubjectHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events, outbox })));
