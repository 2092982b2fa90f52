import { makeLogoutHandler } from '../accounts/logout-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('logout', makeLogoutHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, staffAuthStores)));
