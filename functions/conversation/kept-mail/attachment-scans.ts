/**
 * Where each kept attachment's malware scan stands. Every object put under
 * `attachments/` is scanned where it lies by Amazon GuardDuty Malware
 * Protection for S3 (infra/constructs/attachment-scanning.ts; locally by the
 * stand-in in local/emulators/malware-scan.ts), which writes its result on
 * the object as the tag SCAN_RESULT_TAG. That tag is the one source of
 * truth: nothing copies it into the thread, so it cannot go stale, and a
 * file scanned again on demand (GuardDuty's console, SendObjectMalwareScan)
 * shows its new result at once. The thread's listing reads it for each kept
 * attachment (`withAttachmentScans`, a few at a time), and the download
 * route reads it again before it signs anything (attachment-download-handler.ts):
 * only `clean` is ever downloaded.
 */
import type { AttachmentScan, ListedAttachment, VisitorMessage } from '../../../shared/conversation/visitor-messages';
import type { InboundBucket } from '../ports';
import { ApiError } from '../../platform/http/errors';
import { isKeptType } from './kept-types';

/** The object tag GuardDuty Malware Protection for S3 writes its result in (tagging enabled on the plan). */
export const SCAN_RESULT_TAG = 'GuardDutyMalwareScanStatus';

/** The tag's values GuardDuty documents, and what each means for staff. */
export const SCAN_RESULTS = {
  NO_THREATS_FOUND: 'clean',
  THREATS_FOUND: 'infected',
  // Password-protected or otherwise unreadable to the scanner, or the scan could not read the object or failed.
  UNSUPPORTED: 'unscannable',
  ACCESS_DENIED: 'unscannable',
  FAILED: 'unscannable',
} as const satisfies Record<string, AttachmentScan>;

export type ScanResult = keyof typeof SCAN_RESULTS;

/** How many tags the thread's listing reads at once: a thread of many messages stays within the function's time. */
export const SCAN_READS_AT_ONCE = 8;

/** The scan's state from the tag's value: none yet is `pending`; a value GuardDuty may add one day is `unscannable`, never `clean`. */
export function scanOf(result: string | undefined): AttachmentScan {
  if (result === undefined) return 'pending';
  return Object.hasOwn(SCAN_RESULTS, result) ? SCAN_RESULTS[result as ScanResult] : 'unscannable';
}

/** Why a file whose scan has not found it clean is not handed out (409, nothing signed): an attachment, or a raw message. */
export function notCleanError(scan: Exclude<AttachmentScan, 'clean'>, what: 'attachment' | 'message'): ApiError {
  const thing = what === 'attachment' ? 'attachment' : 'message';
  if (scan === 'infected')
    return new ApiError(
      'attachment_infected',
      `The malware scan found a threat in this ${thing}: it is never handed out.`,
    );
  if (scan === 'pending')
    return new ApiError(
      'attachment_not_scanned',
      `This ${thing} has not been scanned for malware yet. Try again in a minute.`,
    );
  return new ApiError(
    'attachment_not_scanned',
    `The malware scan could not read this ${thing} (password-protected, damaged, or the scan failed): it is not handed out.${what === 'attachment' ? ' Ask the visitor for another copy.' : ''}`,
  );
}

/** Whether a listed attachment was kept, and is still of a type kept (one kept before its type was refused is not). */
export function isKeptAttachment(attachment: ListedAttachment): attachment is ListedAttachment & { key: string } {
  return attachment.key !== undefined && !attachment.refused && isKeptType(attachment.type);
}

/** Runs `work` on every item, at most `limit` at once, the results in the items' order. */
async function eachAtMost<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The entries of a thread with each kept attachment's `scan` read from its
 * object's tag; an attachment kept before its type was refused is listed as
 * refused (`type`, no key), since it will never be downloaded. A failing
 * read throws: the thread route answers 503, as for any store down.
 */
export async function withAttachmentScans<Entry extends { visitor?: VisitorMessage }>(
  inbound: Pick<InboundBucket, 'scanResult'>,
  entries: readonly Entry[],
): Promise<Entry[]> {
  const keys = entries.flatMap((entry) =>
    (entry.visitor?.attachments ?? []).filter(isKeptAttachment).map((a) => a.key),
  );
  const results = await eachAtMost(keys, SCAN_READS_AT_ONCE, (key) => inbound.scanResult(key));
  const scans = new Map(keys.map((key, index) => [key, scanOf(results[index])]));
  return entries.map((entry) => {
    if (!entry.visitor?.attachments.length) return entry;
    const attachments = entry.visitor.attachments.map((attachment): ListedAttachment => {
      if (attachment.key === undefined || attachment.refused) return attachment;
      const { key: _key, ...listed } = attachment;
      const scan = scans.get(attachment.key);
      return scan ? { ...attachment, scan } : { ...listed, refused: 'type' };
    });
    return { ...entry, visitor: { ...entry.visitor, attachments } };
  });
}
