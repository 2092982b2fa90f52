import { makeSaveTemplateHandler } from '../work/reply-templates-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, staffAuthStores, templates } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('saveTemplate', makeSaveTemplateHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, templates })));
