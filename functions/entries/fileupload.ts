import { makeFileuploadHandler } from '../packages/fileupload-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';

export const handler = lambdaEntry('fileupload', makeFileuploadHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, staffAuthStores), s3Deps(settings, {})));
