import { makeSubjectHandler } from '../handlers/privacy';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('subject', makeSubjectHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
