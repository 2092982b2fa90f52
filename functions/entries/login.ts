import { makeLoginHandler } from '../handlers/login';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('login', makeLoginHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
