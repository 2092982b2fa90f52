import { makeConfirmTwoFactorHandler } from '../handlers/two-factor';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('confirmTwoFactor', makeConfirmTwoFactorHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
