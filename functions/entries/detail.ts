import { makeDetailHandler } from '../handlers/detail';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('detail', makeDetailHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
