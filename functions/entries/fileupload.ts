import { makeFileuploadHandler } from '../handlers/fileupload';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('fileupload', makeFileuploadHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock), s3Deps(settings, {})));
