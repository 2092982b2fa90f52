import { makeAccessLogCsvHandler } from '../privacy/privacy-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('accessLogCsv', makeAccessLogCsvHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, staffAuthStores)));
