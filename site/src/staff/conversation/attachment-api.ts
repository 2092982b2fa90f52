/** The back office's call for a visitor's attachment: a short-lived link to it (functions/conversation/kept-mail/attachment-download-handler.ts). */
import type { AttachmentLink } from '../../../../shared/conversation/attachment-download';
import { apiPath } from '../../../../shared/routes';
import { staffPost } from '../core/api';

export async function attachmentLink(index: number, key: string): Promise<AttachmentLink> {
  const { data } = await staffPost<AttachmentLink>(apiPath('attachmentLink'), { data: { index, key } });
  return data;
}
