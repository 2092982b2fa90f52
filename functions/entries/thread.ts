import { makeThreadHandler } from '../handlers/enquiry-work';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('thread', makeThreadHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
