/**
 * `POST /api/kept-mail/raw`: `{ data: { key } }` -> `{ url, expiresAt }`, a
 * link to a kept mail's raw message as it came, for an admin alone: the way
 * to a mail the receiver could not read (unreadable, or too large to read),
 * which staff can otherwise only discard. Like an attachment, it is handed
 * out only once the malware scan found it clean (the object's tag, read now),
 * always saved as a file (`message/rfc822` is never shown by a browser as a
 * page), and each link is in the access log. A key kept no longer is a 404.
 */
import { ATTACHMENT_LINK_SECONDS, type AttachmentLink } from '../../../shared/conversation/attachment-download';
import { keptMailRawSchema } from '../../../shared/conversation/kept-mail-schema';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../../accounts/staff-auth/staff';
import { stillKept } from '../ports';
import { attachmentDisposition } from './attachment-download';
import { notCleanError, scanOf } from './attachment-scans';

export function makeKeptMailRawHandler(deps: StaffAuthDeps & Pick<AppDeps, 'keptMail' | 'inbound' | 'clock'>) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { key } = parseInput(keptMailRawSchema, jsonPayload(request));
    const mail = await deps.keptMail.get(key);
    if (!stillKept(mail))
      throw new ApiError('not_found', `There is no kept mail ${key} (never kept, expired, or handled).`);
    const scan = scanOf(await deps.inbound.scanResult(mail.rawKey));
    if (scan !== 'clean') throw notCleanError(scan, 'message');
    await audit('keptmail.raw', key);
    const day = mail.receivedAt.slice(0, 10);
    const url = await deps.inbound.downloadUrl(
      mail.rawKey,
      { disposition: attachmentDisposition(`message-${day}.eml`), type: 'message/rfc822' },
      ATTACHMENT_LINK_SECONDS,
    );
    const link: AttachmentLink = {
      url,
      expiresAt: new Date(deps.clock.now() + ATTACHMENT_LINK_SECONDS * 1000).toISOString(),
    };
    return json(200, link);
  });
}
