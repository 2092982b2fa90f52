import { CHANNEL_NAMES } from '../../shared/intake/contact-channels';
import {
  DETAIL_SECTIONS,
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  LANGUAGES,
  SECTIONS,
  SECTIONS_WITH_DESTINATION,
  labelOf,
} from '../../shared/enquiries/enums';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { localeByCode } from '../../shared/locales';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import type { ENQUIRY_TEXT_FIELDS, TranslationView } from '../../shared/translation/staff-translation';
import { TRANSLATION_WORDS } from '../../shared/translation/translation-words';
import type { Mail } from './ports';
import { escapeHtml, oneLine } from './html-text';
import { staffDateText } from '../../shared/intake/date-preference';

/** One labelled line of a staff mail. */
export type Row = [label: string, value: string];

/** The labels of the enquiry's texts a visitor types, which staff read translated too. */
const TEXT_LABELS: Record<(typeof ENQUIRY_TEXT_FIELDS)[number], string> = {
  CONTEXT: '문의 내용',
  HOTEL: '호텔',
  DESTINATION: '출발지/도착지',
  LANG_PREFERENCE: '희망 언어',
};

/** Where a translation not yet made stands, and what staff can do. */
function translationStateLine(state: Exclude<TranslationView['state'], 'done'>): string {
  const next =
    state === 'pending' || state === 'capped'
      ? '번역되면 관리자 화면에 함께 보입니다'
      : '관리자 화면에서 다시 번역을 요청할 수 있습니다';
  return `${TRANSLATION_WORDS.states[state]} · ${next}`;
}

/** The label of the row that says where a translation not yet made stands. */
export const TRANSLATION_STATE_ROW = '기계 번역';

/** The label of a translated text's row: its original's, and the engine. */
export const translatedRowLabel = (label: string, engine: string) => `${label} · ${TRANSLATION_WORDS.label(engine)}`;

/**
 * The rows with a translation: each translated text (`translatedByLabel`,
 * by its original's label) right below its original, labelled as machine
 * translation with its engine (the original is never replaced); until it is
 * made, one row saying where it stands.
 */
export function withTranslation(
  rows: Row[],
  translation: TranslationView | undefined,
  translatedByLabel: ReadonlyMap<string, string>,
): Row[] {
  if (!translation) return rows;
  if (translation.state !== 'done') return [...rows, [TRANSLATION_STATE_ROW, translationStateLine(translation.state)]];
  return rows.flatMap((row): Row[] => {
    const text = translatedByLabel.get(row[0]);
    return text ? [row, [translatedRowLabel(row[0], translation.engine ?? ''), text]] : [row];
  });
}

/**
 * The fields of the staff notification that apply to the enquiry's section
 * (a medical subject only for a hospital booking, rooms and the hotel only
 * for a hotel, a destination only for concierge and interpretation).
 */
function enquiryRows(record: EnquiryRecord): Row[] {
  const hospital = record.MEDICAL_SECTION === HOSPITAL_SECTION;
  const hotel = record.MEDICAL_SECTION === HOTEL_SECTION;
  const destination = SECTIONS_WITH_DESTINATION.includes(record.MEDICAL_SECTION);
  const channel = record.CONTACT_CHANNEL
    ? `${CHANNEL_NAMES[record.CONTACT_CHANNEL]} ${record.CONTACT_ACCOUNT ?? ''}`.trim()
    : '';
  const rows: (Row | false)[] = [
    ['접수 번호', record.REFERENCE],
    ['접수 일시 (한국 시간)', record.DATE],
    ['문의 구분', labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')],
    hospital && ['진료 과목', record.DETAIL_SECTION ? labelOf(DETAIL_SECTIONS, record.DETAIL_SECTION, 'ko') : ''],
    ['이름', record.NAME],
    ['연락처', record.CONTACT_NUMBER],
    ['이메일', record.EMAIL],
    !!channel && ['선호 연락 방법', channel],
    ['문의 페이지 언어', localeByCode(record.LOCALE).label],
    [TEXT_LABELS.LANG_PREFERENCE, record.LANG_PREFERENCE ? labelOf(LANGUAGES, record.LANG_PREFERENCE, 'ko') : ''],
    ['인원', `${record.NUMBER_PEOPLE}명`],
    hotel && ['객실 수', `${record.ROOM}실`],
    [hotel ? '체크인 (한국 시간)' : '희망 일시 (한국 시간)', staffDateText(record.REGISTRATION_DATE)],
    hotel && ['체크아웃 (한국 시간)', staffDateText(record.REGISTRATION_END)],
    hotel && [TEXT_LABELS.HOTEL, record.HOTEL],
    destination && [TEXT_LABELS.DESTINATION, record.DESTINATION],
    [TEXT_LABELS.CONTEXT, record.CONTEXT],
    [
      '개인정보 동의',
      `동의 (안내문 ${record.CONSENT_VERSION}, ${formatKoreaDateTime(Date.parse(record.CONSENT_AT))} 한국 시간)`,
    ],
    hospital && ['건강정보 동의', record.CONSENT_HEALTH ? '동의' : '동의 없음'],
  ];
  return rows.filter((row): row is Row => row !== false);
}

/** How staff answer a visitor: in the back office, so the reply and the visitor's answer stay in the enquiry's thread. */
export const ANSWER_IN_BACK_OFFICE =
  '방문자에게는 이 메일에 회신하지 말고 관리자 화면에서 답장해 주세요. 답장과 방문자의 회신이 문의 기록에 함께 남습니다.';

/** A staff mail of labelled rows: a title, a link to the enquiry in the back office, a line of advice if any, the rows; as HTML and as text. */
export function rowsMail(title: string, link: string, rows: Row[], advice?: string): Pick<Mail, 'html' | 'text'> {
  const html = [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
    `<p><a href="${escapeHtml(link)}">관리자 화면에서 보기</a></p>`,
    ...(advice ? [`<p>${escapeHtml(advice)}</p>`] : []),
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${escapeHtml(label)}</th>` +
        `<td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    ),
    '</table></body></html>',
  ].join('\n');
  const text = [
    title,
    `관리자 화면: ${link}`,
    ...(advice ? [advice] : []),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
  ].join('\n');
  return { html, text };
}

export const enquiryLink = (siteUrl: string, postIndex: number) => `${siteUrl}/detail/${postIndex}`;

/**
 * The staff notification: the fields that apply, with Korean labels, as HTML
 * and as text, and a link to the enquiry in the back office, where staff
 * answer. It has no Reply-To: an answer from a mail client would go around
 * the thread. The visitor's texts carry their machine translation once made
 * (or where it stands), below the originals.
 */
export function composeEnquiryMail(
  record: EnquiryRecord,
  to: string,
  siteUrl: string,
  translation?: TranslationView,
): Mail {
  const subject = oneLine(
    `[의료관광 문의 ${record.REFERENCE}] ${labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')} - ${record.NAME}`,
  );
  const translatedByLabel = new Map(
    Object.entries(TEXT_LABELS).flatMap(([field, label]) => {
      const translated = translation?.texts?.[field];
      return translated ? [[label, translated] as const] : [];
    }),
  );
  const rows = withTranslation(enquiryRows(record), translation, translatedByLabel);
  const { html, text } = rowsMail(
    `새 문의가 접수되었습니다 (${record.REFERENCE})`,
    enquiryLink(siteUrl, record.POST_INDEX),
    rows,
    ANSWER_IN_BACK_OFFICE,
  );
  return { to, subject, html, text };
}

/** One mail for the enquiries held past the daily cap: enough to find each in the message box. */
export function composeDigestMail(records: EnquiryRecord[], to: string): Mail {
  const lines = records.map(
    (record) => `${record.REFERENCE}  ${record.DATE}  ${labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')}`,
  );
  const title = `오늘 메일 한도를 넘어 모아 보내는 문의 ${records.length}건`;
  const subject = oneLine(`[의료관광 문의 모음] ${records.length}건`);
  const text = [title, '', '메시지함에서 각 문의를 확인하세요.', '', ...lines].join('\n');
  const html = [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
    '<p>메시지함에서 각 문의를 확인하세요.</p>',
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, html, text };
}
