/**
 * Every field of one enquiry that applies to its section (a medical subject
 * only for a hospital booking, rooms and the hotel only for a hotel, a
 * destination only for concierge and interpretation), times in Korea time.
 * Text is rendered as text (React escapes it), line breaks kept.
 */
import { CHANNEL_NAMES, channelLink } from '../../../../shared/intake/contact-channels';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import {
  DETAIL_SECTIONS,
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  LANGUAGES,
  SECTIONS,
  SECTIONS_WITH_DESTINATION,
  labelOf,
} from '../../../../shared/enquiries/enums';
import { mailtoHref } from '../../../../shared/intake/form-fields';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { localeByCode } from '../../../../shared/locales';
import { ENQUIRY_TEXT_FIELDS, type TranslationView } from '../../../../shared/translation/staff-translation';
import TranslatedText from '../translation/TranslatedText';
import { STAFF_TEXT } from '../core/words';
import { ENQUIRY_TEXT } from './words';
import { staffDateText } from '../../../../shared/intake/date-preference';

export default function EnquiryFields({
  record,
  translation,
}: {
  record: EnquiryRecord;
  translation?: TranslationView;
}) {
  const { fields } = STAFF_TEXT;
  // Where the translation stands is said once, beside the first of the visitor's texts (the message, mostly).
  const stateField = ENQUIRY_TEXT_FIELDS.find((field) => record[field]?.trim());
  /** A text the visitor typed, in Korean once translated (the original a click away), or '-'. */
  const typed = (field: (typeof ENQUIRY_TEXT_FIELDS)[number], className = 'detail__text') =>
    record[field]?.trim() ? (
      <TranslatedText
        postIndex={record.POST_INDEX}
        original={record[field]}
        translation={translation}
        field={field}
        className={className}
        lang={record.LOCALE}
        showsState={field === stateField}
      />
    ) : (
      '-'
    );
  const hospital = record.MEDICAL_SECTION === HOSPITAL_SECTION;
  const hotel = record.MEDICAL_SECTION === HOTEL_SECTION;
  const channel = record.CONTACT_CHANNEL;
  const link = channel ? channelLink(channel, record.CONTACT_ACCOUNT ?? '') : undefined;
  const rows: [string, React.ReactNode][] = [
    [ENQUIRY_TEXT.reference, record.REFERENCE],
    [fields.DATE, record.DATE],
    [fields.MEDICAL_SECTION, labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')],
    ...(hospital
      ? [
          [
            fields.DETAIL_SECTION,
            record.DETAIL_SECTION ? labelOf(DETAIL_SECTIONS, record.DETAIL_SECTION, 'ko') : '-',
          ] as [string, string],
        ]
      : []),
    [fields.NAME, record.NAME],
    [fields.CONTACT_NUMBER, record.CONTACT_NUMBER || '-'],
    [fields.EMAIL, mailtoHref(record.EMAIL) ? <a href={mailtoHref(record.EMAIL)}>{record.EMAIL}</a> : record.EMAIL],
    ...(channel
      ? [
          [
            ENQUIRY_TEXT.channel,
            <>
              {CHANNEL_NAMES[channel]}
              {record.CONTACT_ACCOUNT ? ' · ' : ''}
              {link ? (
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {record.CONTACT_ACCOUNT}
                </a>
              ) : (
                record.CONTACT_ACCOUNT
              )}
            </>,
          ] as [string, React.ReactNode],
        ]
      : []),
    [ENQUIRY_TEXT.pageLanguage, localeByCode(record.LOCALE).label],
    [
      fields.LANG_PREFERENCE,
      LANGUAGES.some((entry) => entry.value === record.LANG_PREFERENCE)
        ? labelOf(LANGUAGES, record.LANG_PREFERENCE, 'ko')
        : typed('LANG_PREFERENCE'),
    ],
    [fields.NUMBER_PEOPLE, record.NUMBER_PEOPLE],
    ...(hotel ? [[fields.ROOM, record.ROOM] as [string, number]] : []),
    [hotel ? '체크인 (한국 시간)' : fields.REGISTRATION_DATE, staffDateText(record.REGISTRATION_DATE)],
    ...(hotel
      ? [
          ['체크아웃 (한국 시간)', staffDateText(record.REGISTRATION_END)] as [string, string],
          [fields.HOTEL, typed('HOTEL')] as [string, React.ReactNode],
        ]
      : []),
    ...(SECTIONS_WITH_DESTINATION.includes(record.MEDICAL_SECTION)
      ? [[fields.DESTINATION, typed('DESTINATION')] as [string, React.ReactNode]]
      : []),
    [
      fields.MAIL_STATUS,
      `${STAFF_TEXT.mailStatus[record.MAIL_STATUS] ?? record.MAIL_STATUS}${record.SPAM && record.SPAM_REASON ? ` (${record.SPAM_REASON})` : ''}`,
    ],
    [
      fields.CONSENT,
      `${record.CONSENT_VERSION} · ${formatKoreaDateTime(Date.parse(record.CONSENT_AT))} (한국 시간)${record.CONSENT_HEALTH ? ' · 건강정보 동의' : ''}`,
    ],
  ];
  return (
    <dl className="detail">
      {rows.map(([label, value]) => (
        <div key={label} className="detail__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="detail__row">
        <dt>{fields.CONTEXT}</dt>
        <dd>{typed('CONTEXT', 'detail__message')}</dd>
      </div>
    </dl>
  );
}
