import { makeAccountsHandler } from '../accounts/accounts-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('accounts', makeAccountsHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, staffAuthStores)));
