import { makeThreadHandler } from '../work/enquiry-work-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, enquiries, events, outbox, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('thread', makeThreadHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events, outbox })));
