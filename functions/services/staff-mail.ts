import { DETAIL_SECTIONS, LANGUAGES, SECTIONS, labelOf } from '../../shared/enums';
import type { EnquiryRecord } from '../../shared/enquiry';
import { EMAIL_PATTERN } from '../../shared/form-fields';
import type { Mail } from '../ports';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** A header value stays one line of printable text: no control characters, no line or paragraph separators. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

/** The staff notification: every field with a Korean label, readable as HTML and as text. */
export function composeEnquiryMail(record: EnquiryRecord, to: string): Mail {
  const rows: [string, string][] = [
    ['접수 번호', String(record.POST_INDEX)],
    ['접수 일시 (한국 시간)', record.DATE],
    ['문의 구분', labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')],
    ['진료 과목', record.DETAIL_SECTION ? labelOf(DETAIL_SECTIONS, record.DETAIL_SECTION, 'ko') : ''],
    ['이름', record.NAME],
    ['연락처', record.CONTACT_NUMBER],
    ['이메일', record.EMAIL],
    ['희망 언어', record.LANG_PREFERENCE ? labelOf(LANGUAGES, record.LANG_PREFERENCE, 'ko') : ''],
    ['인원', `${record.NUMBER_PEOPLE}명`],
    ['객실 수', `${record.ROOM}실`],
    ['시작 일시 (한국 시간)', record.REGISTRATION_DATE],
    ['종료 일시 (한국 시간)', record.REGISTRATION_END],
    ['호텔', record.HOTEL],
    ['출발지/도착지', record.DESTINATION],
    ['문의 내용', record.CONTEXT],
    ['개인정보 동의', `동의 (안내문 ${record.CONSENT_VERSION}, ${record.CONSENT_AT})`],
    ['건강정보 동의', record.CONSENT_HEALTH ? '동의' : '해당 없음'],
  ];
  const subject = oneLine(`[의료관광 문의 #${record.POST_INDEX}] ${labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')} - ${record.NAME}`);
  const html = [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">새 문의가 접수되었습니다 (#${record.POST_INDEX})</h1>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${escapeHtml(label)}</th>` +
        `<td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    ),
    '</table></body></html>',
  ].join('\n');
  const text = [`새 문의가 접수되었습니다 (#${record.POST_INDEX})`, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
  // Only a plain mailbox address becomes a header (an address stored before the strict rule may not be one).
  const replyTo = EMAIL_PATTERN.test(record.EMAIL) ? record.EMAIL : undefined;
  return { to, replyTo, subject, html, text };
}

/** One mail for the enquiries held past the daily cap: enough to find each in the message box. */
export function composeDigestMail(records: EnquiryRecord[], to: string): Mail {
  const lines = records.map((record) => `#${record.POST_INDEX}  ${record.DATE}  ${labelOf(SECTIONS, record.MEDICAL_SECTION, 'ko')}`);
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
