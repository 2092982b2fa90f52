/** The back office's calls that work an enquiry (the routes of functions/work/enquiry-work-handler.ts). */
import type { EnquiryRecord, MailStatus } from '../../../../shared/enquiries/enquiry';
import type { EnquiryStatus, ThreadEntry } from '../../../../shared/work/enquiry-work';
import type { TemplateView } from '../../../../shared/work/enquiry-work-schema';
import { apiPath } from '../../../../shared/routes';
import { StaffApiError, staffFetch, staffPost } from '../core/api';

/** A change someone else made first: the enquiry as it is now. */
export function conflictCurrent(error: unknown): EnquiryRecord | undefined {
  if (!(error instanceof StaffApiError) || error.status !== 409) return undefined;
  return error.body['current'] as EnquiryRecord | undefined;
}

export async function changeWork(
  record: EnquiryRecord,
  change: { status?: EnquiryStatus; owner?: string },
): Promise<EnquiryRecord> {
  const { data } = await staffPost<EnquiryRecord>(apiPath('work'), {
    data: { index: record.POST_INDEX, version: record.VERSION, ...change },
  });
  return data;
}

/** The addresses an enquiry may be given to (active staff members and admins; the server decides). */
export async function loadOwners(): Promise<string[]> {
  return (await (await staffFetch(apiPath('owners'))).json()) as string[];
}

export async function addNote(index: number, text: string): Promise<void> {
  await staffPost(apiPath('note'), { data: { index, text } });
}

/** `translated`: a reply written in Korean and sent machine-translated as `body`: the original and how it was translated. */
export async function sendReply(
  record: EnquiryRecord,
  subject: string,
  body: string,
  translated?: { original: string; translation: { engine: string; edited: boolean } },
): Promise<{ record: EnquiryRecord; mailStatus: string }> {
  const { data } = await staffPost<{ record: EnquiryRecord; mailStatus: string }>(apiPath('reply'), {
    data: { index: record.POST_INDEX, version: record.VERSION, subject, body, ...translated },
  });
  return data;
}

/** The owner opened the enquiry: the visitor's messages it showed (up to its UNREAD_VISITOR_AT) are read. */
export async function markSeen(record: EnquiryRecord): Promise<void> {
  if (record.UNREAD_VISITOR_AT)
    await staffPost(apiPath('seen'), { data: { index: record.POST_INDEX, unreadAt: record.UNREAD_VISITOR_AT } });
}

/** Replaces every link to the visitor's page with a new one, mailed to the visitor. */
export async function replaceVisitorLink(
  record: EnquiryRecord,
): Promise<{ record: EnquiryRecord; mailStatus: MailStatus }> {
  const { data } = await staffPost<{ record: EnquiryRecord; mailStatus: MailStatus }>(apiPath('replaceVisitorLink'), {
    data: { index: record.POST_INDEX, version: record.VERSION },
  });
  return data;
}

export async function loadThread(index: number): Promise<ThreadEntry[]> {
  return (await (await staffFetch(apiPath('thread', { index }))).json()) as ThreadEntry[];
}

export async function loadTemplates(): Promise<TemplateView[]> {
  return (await (await staffFetch(apiPath('templates'))).json()) as TemplateView[];
}

/** A template with its placeholders filled for one enquiry. */
export function fillTemplate(text: string, record: EnquiryRecord): string {
  return text.replaceAll('{reference}', record.REFERENCE).replaceAll('{name}', record.NAME);
}
