import { makeReplyHandler } from '../handlers/enquiry-work';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { sesDeps } from '../wiring/ses';

export const handler = lambdaEntry('reply', makeReplyHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock), sesDeps(settings, {})));
