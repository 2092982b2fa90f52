import { makeWelcomeHandler } from '../accounts/welcome-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, accessLog, policies, staff, throttle } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('welcome', makeWelcomeHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { staff, throttle, accessLog, policies })));
