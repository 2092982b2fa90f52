/** `POST /api/enquiry/reply-preview`: a staff member's reply, translated for the visitor before it is sent. */
import { replyPreviewSchema } from '../../../shared/translation/reply-preview';
import { parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../../accounts/staff-auth/staff';
import { type ReplyPreviewDeps, previewReply } from './reply-preview';

/** `{ data: { index, text } }` -> `{ text, engine?, source, target }`; 429 past the day's cap, 503 with the engine down. */
export function makeReplyPreviewHandler(deps: StaffAuthDeps & ReplyPreviewDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const preview = parseInput(replyPreviewSchema, jsonPayload(request));
    // Logged first, as every read of an enquiry is: which enquiry, never the words.
    await audit('enquiry.replyPreview', String(preview.index));
    return json(200, await previewReply(deps, preview));
  });
}
