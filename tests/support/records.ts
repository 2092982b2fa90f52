/** A complete staff record for tests that need one (each test overrides what it is about). */
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { formatReference } from '../../shared/work/enquiry-work';

export function sampleRecord(index: number, overrides: Partial<EnquiryRecord> = {}): EnquiryRecord {
  return {
    POST_INDEX: index,
    NAME: `Visitor ${index}`,
    CONTACT_NUMBER: '+82 10-1234-5678',
    EMAIL: `v${index}@example.test`,
    LANG_PREFERENCE: 'Russian',
    MEDICAL_SECTION: '호텔예약',
    DETAIL_SECTION: '',
    DATE: '2026-11-22 10:30',
    REGISTRATION_DATE: '2026-12-01',
    REGISTRATION_END: '2026-12-03',
    HOTEL: 'Grand',
    NUMBER_PEOPLE: 2,
    ROOM: 1,
    DESTINATION: '',
    CONTEXT: `Message ${index}`,
    RECEIVED_AT: '2026-11-22T01:30:00.000Z',
    MAIL_STATUS: 'sent',
    SPAM: false,
    CONSENT_VERSION: '2026-11-01',
    CONSENT_AT: '2026-11-22T01:30:00.000Z',
    CONSENT_HEALTH: false,
    REFERENCE: formatReference(index),
    LOCALE: 'ru',
    STATUS: 'new',
    OWNER: '',
    VERSION: 0,
    UPDATED_AT: '2026-11-22T01:30:00.000Z',
    ...overrides,
  };
}
