import { makeReplyHandler } from '../work/enquiry-work-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, aggregates, counters, enquiries, events, outbox, staffAuthStores, throttle } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { sesDeps } from '../wiring/ses';

export const handler = lambdaEntry('reply', makeReplyHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, counters, events, aggregates, outbox, throttle }), sesDeps(settings, {})));
