import { makeInviteHandler } from '../accounts/accounts-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, enquiries, outbox, staffAuthStores, throttle } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { sesDeps } from '../wiring/ses';

export const handler = lambdaEntry('invite', makeInviteHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, outbox, throttle }), sesDeps(settings, {})));
