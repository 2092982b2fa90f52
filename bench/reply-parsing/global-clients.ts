/**
 * The mail programs used in every language: Gmail, Outlook (desktop, plain
 * text, web, phone, Traditional Chinese), Apple Mail and iPhone Mail, Samsung
 * Email and Yahoo Mail. Gmail, Outlook and Apple Mail write as in
 * tests/support/reply-samples.ts.
 */
import type { LocaleCode } from '../../shared/locales';
import { DOCTOR_LETTER, CENTRE, CENTRE_ADDRESS, ENQUIRY_SUBJECT, PATIENT } from './own-texts';
import { type Style, DOCTOR_WHO, WHO, address, cjkBase64 } from './client-style';

/** Gmail's attribution line, and the same line as Gmail wraps it past 78 characters (before the address). */
const GMAIL: Record<LocaleCode, [string, string[]]> = {
  en: [
    `On Wed, Mar 12, 2025 at 10:15 AM ${WHO} wrote:`,
    [`On Wed, Mar 12, 2025 at 10:15 AM ${CENTRE} <`, `${CENTRE_ADDRESS}> wrote:`],
  ],
  ko: [
    `2025년 3월 12일 (수) 오전 10:15, ${WHO}님이 작성:`,
    [`2025년 3월 12일 (수) 오전 10:15, ${CENTRE} <`, `${CENTRE_ADDRESS}>님이 작성:`],
  ],
  ru: [`ср, 12 мар. 2025 г. в 10:15, ${WHO}:`, [`ср, 12 мар. 2025 г. в 10:15, ${CENTRE} <`, `${CENTRE_ADDRESS}>:`]],
  vi: [
    `Vào Th 4, 12 thg 3, 2025 vào lúc 10:15 ${WHO} đã viết:`,
    [`Vào Th 4, 12 thg 3, 2025 vào lúc 10:15 ${CENTRE} <`, `${CENTRE_ADDRESS}> đã viết:`],
  ],
  zh: [`${WHO} 于2025年3月12日周三 10:15写道：`, [`${WHO} 于2025年3月12日周三`, '10:15写道：']],
  ja: [`2025年3月12日(水) 10:15 ${WHO}:`, [`2025年3月12日(水) 10:15 ${CENTRE} <`, `${CENTRE_ADDRESS}>:`]],
};
/** Gmail writes "From" in the interface's language and leaves Date, Subject and To in English. */
const GMAIL_FORWARD_FROM: Record<LocaleCode, string> = {
  en: 'From:',
  ko: '보낸사람:',
  ru: 'От:',
  vi: 'Từ:',
  zh: '发件人：',
  ja: 'From:',
};
const GMAIL_FORWARD_DATE: Record<LocaleCode, string> = {
  en: 'Mon, Mar 10, 2025 at 9:00 AM',
  ko: '2025년 3월 10일 (월) 오전 9:00',
  ru: 'пн, 10 мар. 2025 г. в 09:00',
  vi: 'Th 2, 10 thg 3, 2025 vào lúc 09:00',
  zh: '2025年3月10日周一 09:00',
  ja: '2025年3月10日(月) 9:00',
};

/** Apple Mail's attribution, and the line iPhone Mail signs with. */
const APPLE: Record<LocaleCode, { header: string; signature: string }> = {
  en: { header: `On 12 Mar 2025, at 10:15, ${WHO} wrote:`, signature: 'Sent from my iPhone' },
  ko: { header: `2025. 3. 12. 오전 10:15, ${WHO} 작성:`, signature: 'iPhone에서 보냄' },
  ru: { header: `12 марта 2025 г., в 10:15, ${WHO} написал(а):`, signature: 'Отправлено с iPhone' },
  vi: { header: `Vào 10:15, ngày 12 thg 3, 2025, ${WHO} đã viết:`, signature: 'Gửi từ iPhone của tôi' },
  zh: { header: `在 2025年3月12日，10:15，${WHO} 写道：`, signature: '发自我的iPhone' },
  ja: { header: `2025/03/12 10:15、${WHO}のメール:`, signature: 'iPhoneから送信' },
};

/** Outlook's header block (From, Sent, To, Subject) in its interface's language. */
function outlookBlock(locale: LocaleCode, subject = ENQUIRY_SUBJECT, from = WHO): string[] {
  const to = address(locale);
  const block: Record<LocaleCode, string[]> = {
    en: [`From: ${from}`, 'Sent: Wednesday, March 12, 2025 10:15 AM', `To: ${to}`, `Subject: ${subject}`],
    ko: [`보낸 사람: ${from}`, '보낸 날짜: 2025년 3월 12일 수요일 오전 10:15', `받는 사람: ${to}`, `제목: ${subject}`],
    ru: [`От: ${from}`, 'Отправлено: 12 марта 2025 г. 10:15', `Кому: ${to}`, `Тема: ${subject}`],
    vi: [`Từ: ${from}`, 'Đã gửi: Thứ Tư, 12 tháng 3, 2025 10:15 SA', `Đến: ${to}`, `Chủ đề: ${subject}`],
    zh: [`发件人: ${from}`, '发送时间: 2025年3月12日 10:15', `收件人: ${to}`, `主题: ${subject}`],
    ja: [`差出人: ${from}`, '送信日時: 2025年3月12日 10:15', `宛先: ${to}`, `件名: ${subject}`],
  };
  return block[locale];
}
/** The line Outlook puts above the header block when it writes plain text. */
const OUTLOOK_ORIGINAL: Record<LocaleCode, string> = {
  en: '-----Original Message-----',
  ko: '-----원본 메시지-----',
  ru: '-----Исходное сообщение-----',
  vi: '-----Original Message-----',
  zh: '-----原始邮件-----',
  ja: '-----Original Message-----',
};
/** The rule Outlook on the web and the phone apps put above the header block. */
const RULE = '________________________________';
const OUTLOOK_MAILER = ['X-Mailer: Microsoft Outlook 16.0'];

const SAMSUNG: Partial<Record<LocaleCode, { signature: string; block: string[] }>> = {
  // Samsung Email leaves a space at the end of each header line.
  ko: {
    signature: 'Galaxy에서 보냄',
    block: [
      '-------- 원본 메시지 --------',
      `발신: ${WHO} `,
      '날짜: 25/3/12 오전 10:15 (GMT+09:00) ',
      `수신: ${address('ko')} `,
      `제목: ${ENQUIRY_SUBJECT} `,
    ],
  },
  en: {
    signature: 'Sent from my Galaxy',
    block: [
      '-------- Original message --------',
      `From: ${WHO} `,
      'Date: 3/12/25 10:15 AM (GMT+09:00) ',
      `To: ${address('en')} `,
      `Subject: ${ENQUIRY_SUBJECT} `,
    ],
  },
  ru: {
    signature: 'Отправлено с устройства Galaxy',
    block: [
      '-------- Исходное сообщение --------',
      `От: ${WHO} `,
      'Дата: 12.03.2025 10:15 (GMT+09:00) ',
      `Кому: ${address('ru')} `,
      `Тема: ${ENQUIRY_SUBJECT} `,
    ],
  },
};

/** The global clients by name. */
export const GLOBAL_CLIENTS: Record<string, (locale: LocaleCode) => Style> = {
  Gmail: (locale) => ({
    attribution: [GMAIL[locale][0]],
    wrapped: GMAIL[locale][1],
    quoting: 'angle',
    gap: true,
    forward: [
      '---------- Forwarded message ---------',
      `${GMAIL_FORWARD_FROM[locale]} ${DOCTOR_WHO}`,
      `Date: ${GMAIL_FORWARD_DATE[locale]}`,
      `Subject: ${DOCTOR_LETTER[locale].subject}`,
      `To: <${address(locale)}>`,
    ],
    encoding: cjkBase64(locale),
    multipart: true,
    headers: [],
  }),
  'Outlook (desktop)': (locale) => ({
    attribution: outlookBlock(locale),
    quoting: 'plain',
    gap: true,
    forward: outlookBlock(locale, `FW: ${DOCTOR_LETTER[locale].subject}`, DOCTOR_WHO),
    encoding: 'quoted-printable',
    multipart: true,
    headers: OUTLOOK_MAILER,
  }),
  'Outlook (plain text)': (locale) => ({
    attribution: [OUTLOOK_ORIGINAL[locale], ...outlookBlock(locale)],
    quoting: 'plain',
    gap: true,
    encoding: 'quoted-printable',
    headers: OUTLOOK_MAILER,
  }),
  'Outlook (web)': (locale) => ({
    attribution: [RULE, ...outlookBlock(locale)],
    quoting: 'plain',
    gap: true,
    encoding: cjkBase64(locale),
    multipart: true,
    headers: [],
  }),
  'Outlook for iOS and Android': (locale) => ({
    attribution: [RULE, ...outlookBlock(locale)],
    quoting: 'plain',
    gap: true,
    signature: [
      locale === 'ru'
        ? 'Получить Outlook для Android<https://aka.ms/AAb9ysg>'
        : 'Get Outlook for iOS<https://aka.ms/o0ukef>',
    ],
    encoding: cjkBase64(locale),
    multipart: true,
    headers: [],
  }),
  'Outlook (Traditional Chinese)': () => ({
    attribution: [
      RULE,
      `寄件者: ${WHO}`,
      '寄件日期: 2025年3月12日 上午 10:15',
      `收件者: ${address('zh')} <${address('zh')}>`,
      `主旨: ${ENQUIRY_SUBJECT}`,
    ],
    quoting: 'plain',
    gap: true,
    signature: ['取得 iOS 版 Outlook<https://aka.ms/o0ukef>'],
    encoding: 'base64',
    multipart: true,
    headers: [],
  }),
  'Apple Mail': (locale) => ({
    attribution: [APPLE[locale].header],
    quoting: 'angle',
    gap: true,
    forward: [
      'Begin forwarded message:',
      '',
      `From: ${DOCTOR_WHO}`,
      `Subject: ${DOCTOR_LETTER[locale].subject}`,
      'Date: 10 March 2025 at 09:00:00 GMT+9',
      `To: ${PATIENT[locale]}`,
    ],
    encoding: 'quoted-printable',
    headers: ['X-Mailer: Apple Mail (2.3826.300.87.4.3)'],
  }),
  'iPhone Mail': (locale) => ({
    attribution: [APPLE[locale].header],
    attributionQuoted: true,
    quoting: 'angle',
    gap: true,
    signature: [APPLE[locale].signature],
    encoding: cjkBase64(locale),
    headers: ['X-Mailer: iPhone Mail (22D82)'],
  }),
  'Samsung Email': (locale) => ({
    attribution: SAMSUNG[locale]?.block ?? [],
    quoting: 'plain',
    gap: true,
    signature: [SAMSUNG[locale]?.signature ?? ''],
    encoding: 'base64',
    multipart: true,
    headers: [],
  }),
  'Yahoo Mail': () => ({
    attribution: [`On Wednesday, March 12, 2025, 10:15:00 AM GMT+9, ${WHO} wrote:`],
    quoting: 'angle',
    gap: true,
    encoding: '7bit',
    multipart: true,
    headers: [],
  }),
  // The Android app names the sender with no space before the address and indents the line.
  'Yahoo Mail for Android': () => ({
    attribution: [`   On Wed, Mar 12, 2025 at 10:15, ${CENTRE}<${CENTRE_ADDRESS}> wrote:`],
    quoting: 'angle',
    gap: true,
    signature: ['Sent from Yahoo Mail on Android'],
    encoding: '7bit',
    multipart: true,
    headers: [],
  }),
};
