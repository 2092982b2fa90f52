import type { CsvEnquiry } from '../../shared/exports/csv';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { formatReference } from '../../shared/work/enquiry-work';
import type { ExportedEnquiry } from '../exports/ports';
import type { StoredEnquiry } from './ports';

/** The fields of a CSV row, from the stored fields an export reads (older items get the defaults of fields added since). */
export function toCsvEnquiry(stored: ExportedEnquiry): CsvEnquiry {
  return {
    NAME: stored.NAME,
    CONTACT_NUMBER: stored.CONTACT_NUMBER,
    EMAIL: stored.EMAIL,
    LANG_PREFERENCE: stored.LANG_PREFERENCE,
    MEDICAL_SECTION: stored.MEDICAL_SECTION,
    DETAIL_SECTION: stored.DETAIL_SECTION,
    REGISTRATION_DATE: stored.REGISTRATION_DATE,
    REGISTRATION_END: stored.REGISTRATION_END,
    HOTEL: stored.HOTEL,
    NUMBER_PEOPLE: stored.NUMBER_PEOPLE,
    ROOM: stored.ROOM,
    CONTEXT: stored.CONTEXT,
    RECEIVED_AT: stored.RECEIVED_AT,
    REFERENCE: formatReference(stored.POST_INDEX),
    LOCALE: stored.LOCALE ?? 'en',
    ...(stored.CONTACT_CHANNEL
      ? { CONTACT_CHANNEL: stored.CONTACT_CHANNEL, CONTACT_ACCOUNT: stored.CONTACT_ACCOUNT ?? '' }
      : {}),
    ...(stored.SPAM ? {} : { STATUS: stored.STATUS ?? 'new' }),
    OWNER: stored.OWNER ?? '',
    ...(stored.TAGS?.length ? { TAGS: stored.TAGS } : {}),
  };
}

/** The staff view of a stored enquiry: the record fields, without index bookkeeping (older items get the defaults of fields added since). */
export function toRecord(stored: StoredEnquiry): EnquiryRecord {
  return {
    ...toCsvEnquiry(stored),
    POST_INDEX: stored.POST_INDEX,
    DATE: stored.DATE,
    DESTINATION: stored.DESTINATION,
    MAIL_STATUS: stored.MAIL_STATUS,
    SPAM: stored.SPAM,
    ...(stored.SPAM_REASON ? { SPAM_REASON: stored.SPAM_REASON } : {}),
    CONSENT_VERSION: stored.CONSENT_VERSION,
    CONSENT_AT: stored.CONSENT_AT,
    CONSENT_HEALTH: stored.CONSENT_HEALTH,
    VERSION: stored.VERSION ?? 0,
    UPDATED_AT: stored.UPDATED_AT ?? stored.RECEIVED_AT,
    ...(stored.FIRST_REPLY_AT ? { FIRST_REPLY_AT: stored.FIRST_REPLY_AT } : {}),
    ...(stored.LAST_REPLY_AT ? { LAST_REPLY_AT: stored.LAST_REPLY_AT } : {}),
    ...(stored.LAST_VISITOR_AT ? { LAST_VISITOR_AT: stored.LAST_VISITOR_AT } : {}),
    ...(stored.UNREAD_VISITOR_AT ? { UNREAD_VISITOR_AT: stored.UNREAD_VISITOR_AT } : {}),
    ...(stored.LEGAL_HOLD !== undefined ? { LEGAL_HOLD: stored.LEGAL_HOLD } : {}),
  };
}
