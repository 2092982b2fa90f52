import { makeSubjectEraseHandler } from '../privacy/privacy-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, aggregates, counters, enquiries, erasures, events, outbox, staffAuthStores, submissions } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('subjectErase', makeSubjectEraseHandler, (settings, base) =>
  mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events, outbox, submissions, counters, erasures, aggregates }), s3Deps(settings, {})),
);
