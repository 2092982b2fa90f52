import { makeModalinputHandler } from '../packages/modalinput-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, packages, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('modalinput', makeModalinputHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, packages }), s3Deps(settings, {})));
