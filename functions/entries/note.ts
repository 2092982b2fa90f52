import { makeNoteHandler } from '../work/enquiry-work-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, aggregates, counters, enquiries, events, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('note', makeNoteHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, counters, events, aggregates })));
