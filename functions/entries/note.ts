import { makeNoteHandler } from '../handlers/enquiry-work';
import { lambdaEntry } from '../lambda';
import { dynamoDeps } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('note', makeNoteHandler, (settings, base) => mergeLazy(base, dynamoDeps(settings, {}, base.clock)));
