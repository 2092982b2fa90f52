import { makeChangeAccountHandler } from '../handlers/accounts';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('changeAccount', makeChangeAccountHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
