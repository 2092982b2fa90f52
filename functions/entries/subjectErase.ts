import { makeSubjectEraseHandler } from '../handlers/privacy';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('subjectErase', makeSubjectEraseHandler, (settings, base) =>
  mergeLazy(base, dynamoDeps(settings, {}, base.clock), s3Deps(settings, {})),
);
