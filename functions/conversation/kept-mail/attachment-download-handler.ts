import { ATTACHMENT_LINK_SECONDS, type AttachmentLink } from '../../../shared/conversation/attachment-download';
import { attachmentLinkSchema } from '../../../shared/conversation/attachment-download-schema';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../../accounts/staff-auth/staff';
import { attachmentDisposition, downloadName, downloadType, keptAttachment } from './attachment-download';
import { notCleanError, scanOf } from './attachment-scans';

/**
 * `POST /api/enquiry/attachment`: a link to one of the visitor's attachments
 * in an enquiry's thread, working for ATTACHMENT_LINK_SECONDS. Handing out
 * the link is the download, recorded in the access log. An enquiry that is
 * not there, or a key its thread does not list as kept, answers the same 404
 * and signs nothing; the attempt is logged as a forbidden request. A kept
 * attachment whose malware scan has not found it clean (its object's tag,
 * read now: attachment-scans.ts) answers 409 and signs nothing.
 */
export function makeAttachmentLinkHandler(
  deps: StaffAuthDeps & Pick<AppDeps, 'enquiries' | 'events' | 'inbound' | 'clock'>,
) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { index, key } = parseInput(attachmentLinkSchema, jsonPayload(request));
    const enquiry = await deps.enquiries.get(index);
    const attachment = enquiry ? keptAttachment(await deps.events.list(index), key) : undefined;
    if (!attachment) {
      await audit('auth.forbidden', `${request.method} ${request.path} ${JSON.stringify({ index, key })}`);
      throw new ApiError('not_found', 'No such attachment in this enquiry.');
    }
    const scan = scanOf(await deps.inbound.scanResult(attachment.key));
    if (scan !== 'clean') throw notCleanError(scan, 'attachment');
    await audit('enquiry.attachment', JSON.stringify({ index, key, name: attachment.name }));
    const url = await deps.inbound.downloadUrl(
      attachment.key,
      { disposition: attachmentDisposition(downloadName(attachment)), type: downloadType(attachment.type) },
      ATTACHMENT_LINK_SECONDS,
    );
    const link: AttachmentLink = {
      url,
      expiresAt: new Date(deps.clock.now() + ATTACHMENT_LINK_SECONDS * 1000).toISOString(),
    };
    return json(200, link);
  });
}
