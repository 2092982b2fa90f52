import { makeLoginHandler } from '../accounts/login-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, accessLog, policies, staff, throttle } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('login', makeLoginHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { staff, throttle, accessLog, policies })));
