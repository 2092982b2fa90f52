import { makeTwoFactorPolicyHandler } from '../handlers/accounts';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('twoFactorPolicy', makeTwoFactorPolicyHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
