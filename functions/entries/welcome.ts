import { makeWelcomeHandler } from '../handlers/welcome';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('welcome', makeWelcomeHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
