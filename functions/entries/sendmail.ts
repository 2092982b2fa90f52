import { makeSendmailHandler } from '../intake/sendmail-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, aggregates, counters, enquiries, outbox, submissions, throttle } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { sesDeps } from '../wiring/ses';

export const handler = lambdaEntry('sendmail', makeSendmailHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { enquiries, outbox, counters, submissions, throttle, aggregates }), sesDeps(settings, {})));
