import { makeFileuploadHandler } from '../handlers/fileupload';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('fileupload', makeFileuploadHandler);
