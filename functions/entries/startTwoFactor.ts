import { makeStartTwoFactorHandler } from '../accounts/two-factor-start-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('startTwoFactor', makeStartTwoFactorHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, staffAuthStores)));
