import { makeSaveTemplateHandler } from '../handlers/reply-templates';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('saveTemplate', makeSaveTemplateHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
