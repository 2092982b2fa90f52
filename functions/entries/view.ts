import { makeViewHandler } from '../handlers/view';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('view', makeViewHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
