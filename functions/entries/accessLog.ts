import { makeAccessLogHandler } from '../handlers/privacy';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('accessLog', makeAccessLogHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
