/**
 * A new enquiry as it is stored (functions/intake/enquiry-intake.ts): the
 * record made from the submission, numbered in its lists and written once.
 */
import { DEFAULT_DETAIL_SECTION, HOSPITAL_SECTION } from '../../shared/enquiries/enums';
import type { EnquirySubmission } from '../../shared/enquiries/enquiry-submission-schema';
import { CONSENT_NOTICE_VERSION } from '../../shared/intake/form-fields';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { phoneKey } from '../../shared/merging/phone-key';
import type { StoredEnquiry } from '../enquiries/ports';
import { countCounter, listName, sectionListName, sequenceCounter, workListKeys } from '../enquiries/enquiry-lists';
import type { IntakeDeps } from './intake-deps';

export function buildEnquiry(
  submission: EnquirySubmission,
  postIndex: number,
  now: number,
  spam: string | undefined,
): Omit<StoredEnquiry, 'LIST_SEQ' | 'SECTION_SEQ'> {
  const receivedAt = new Date(now).toISOString();
  const phone = submission.phone ? phoneKey(submission.phone) : undefined;
  return {
    POST_INDEX: postIndex,
    NAME: submission.user_name,
    CONTACT_NUMBER: submission.phone ?? '',
    EMAIL: submission.user_email,
    EMAIL_KEY: submission.user_email.toLowerCase(),
    ...(phone ? { PHONE_KEY: phone } : {}),
    LANG_PREFERENCE: submission.user_language ?? '',
    MEDICAL_SECTION: submission.section,
    DETAIL_SECTION:
      submission.detail_section ?? (submission.section === HOSPITAL_SECTION ? DEFAULT_DETAIL_SECTION : ''),
    DATE: formatKoreaDateTime(now),
    REGISTRATION_DATE: submission.start ?? '',
    REGISTRATION_END: submission.finish ?? '',
    HOTEL: submission.hotel ?? '',
    NUMBER_PEOPLE: submission.user_count,
    ROOM: submission.user_Room,
    DESTINATION: submission.destination ?? '',
    CONTEXT: submission.message ?? '',
    RECEIVED_AT: receivedAt,
    SPAM: spam !== undefined,
    ...(spam ? { SPAM_REASON: spam } : {}),
    MAIL_STATUS: spam ? 'skipped' : 'pending',
    MAIL_ATTEMPTS: 0,
    CONSENT_VERSION: CONSENT_NOTICE_VERSION,
    CONSENT_AT: receivedAt,
    CONSENT_HEALTH: submission.consent_health === true,
    LOCALE: submission.page_locale,
    ...(submission.contact_channel
      ? { CONTACT_CHANNEL: submission.contact_channel, CONTACT_ACCOUNT: submission.contact_account ?? '' }
      : {}),
    OWNER: '',
    VERSION: 0,
    UPDATED_AT: receivedAt,
    ...(spam ? {} : { STATUS: 'new' as const, ...workListKeys('new', '') }),
    LIST: listName(spam !== undefined),
    SECTION_LIST: sectionListName(spam !== undefined, submission.section),
    ...(submission.submission_id ? { SUBMISSION_ID: submission.submission_id } : {}),
  };
}

/** Numbers the enquiry in its lists, counts it in its work lists, and writes it; `undefined` if it was already there. */
export async function store(
  deps: Pick<IntakeDeps, 'counters' | 'enquiries'>,
  draft: Omit<StoredEnquiry, 'LIST_SEQ' | 'SECTION_SEQ'>,
): Promise<StoredEnquiry | undefined> {
  const workLists = [draft.STATUS_LIST, draft.OWNER_LIST, draft.STATUS_OWNER].filter(
    (key): key is string => key !== undefined,
  );
  const [LIST_SEQ, SECTION_SEQ] = await Promise.all([
    deps.counters.increment(sequenceCounter(draft.LIST)),
    deps.counters.increment(sequenceCounter(draft.SECTION_LIST)),
    ...workLists.map((key) => deps.counters.increment(countCounter(key))),
  ]);
  const enquiry: StoredEnquiry = { ...draft, LIST_SEQ, SECTION_SEQ };
  return (await deps.enquiries.create(enquiry)) ? enquiry : undefined;
}
