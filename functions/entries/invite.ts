import { makeInviteHandler } from '../handlers/accounts';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { sesDeps } from '../wiring/ses';

export const handler = lambdaEntry('invite', makeInviteHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock), sesDeps(settings, {})));
