import { makeLogoutHandler } from '../handlers/logout';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('logout', makeLogoutHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
