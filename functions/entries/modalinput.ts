import { makeModalinputHandler } from '../handlers/modalinput';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('modalinput', makeModalinputHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock), s3Deps(settings, {})));
