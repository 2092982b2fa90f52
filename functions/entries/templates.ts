import { makeTemplatesHandler } from '../handlers/reply-templates';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('templates', makeTemplatesHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
