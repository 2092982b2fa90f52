/**
 * A staff download of a visitor's attachment (`POST /api/enquiry/attachment`):
 * the server answers a presigned link to the object in the private inbound
 * bucket that works for a short while and always saves a file, never shows
 * one. No schema here: the staff app imports this file.
 */

/** How long a link works: long enough for the browser to follow it at once, too short to pass around. */
export const ATTACHMENT_LINK_SECONDS = 120;

/** The answer: where to fetch the file, and until when (ISO instant). */
export interface AttachmentLink {
  url: string;
  expiresAt: string;
}
