import { makeSendmailHandler } from '../handlers/sendmail';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('sendmail', makeSendmailHandler);
