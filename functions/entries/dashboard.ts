import { makeDashboardHandler } from '../handlers/dashboard';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('dashboard', makeDashboardHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
