import { makeStartTwoFactorHandler } from '../handlers/two-factor-start';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('startTwoFactor', makeStartTwoFactorHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
