import { makeAccountsHandler } from '../handlers/accounts';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('accounts', makeAccountsHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
