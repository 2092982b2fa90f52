import { makeSendmailHandler } from '../handlers/sendmail';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { sesDeps } from '../wiring/ses';

export const handler = lambdaEntry('sendmail', makeSendmailHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock), sesDeps(settings, {})));
