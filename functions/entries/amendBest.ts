import { makeAmendBestHandler } from '../handlers/amend-best';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('amendBest', makeAmendBestHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
