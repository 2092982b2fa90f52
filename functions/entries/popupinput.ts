import { makePopupinputHandler } from '../packages/popupinput-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, packages, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('popupinput', makePopupinputHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, packages }), s3Deps(settings, {})));
