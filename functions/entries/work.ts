import { makeWorkHandler } from '../handlers/enquiry-work';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('work', makeWorkHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
