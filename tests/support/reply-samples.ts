/**
 * Answers as visitors' mail programs write them, for the tests (unit and
 * integration): a new text in each of the six languages, and the way Gmail,
 * Outlook, Apple Mail, Naver, QQ, Yandex and Mail.ru quote the mail answered
 * below it, with their signature lines. Each is the text part as it arrives
 * (the quote header's wording, date and line layout as the client makes it).
 */
import type { LocaleCode } from '../../shared/locales';

export const NEW_TEXTS: Record<LocaleCode, string> = {
  ko: '안녕하세요.\n12월 10일 오전으로 예약하고 싶습니다.\n\n감사합니다.',
  en: 'Hello,\nThe morning of 10 December works for me.\n\nThank you.',
  ru: 'Здравствуйте!\nМне подходит утро 10 декабря.\n\nСпасибо.',
  vi: 'Xin chào,\nSáng ngày 10 tháng 12 phù hợp với tôi.\n\nCảm ơn.',
  zh: '您好，\n12月10日上午可以。\n\n谢谢。',
  ja: 'こんにちは。\n12月10日の午前で大丈夫です。\n\nよろしくお願いします。',
};

const CENTRE = 'Medical Tourism Centre';
const SENDER = 'no-reply@medical-tourism.example';
/** The mail answered, as it was sent. */
const ANSWERED = [
  'Dear visitor,',
  'Thank you for your enquiry MT-000123.',
  'We will answer within one working day.',
  '',
  'Medical Tourism Centre',
];
const quoted = ANSWERED.map((line) => (line ? `> ${line}` : '>')).join('\n');
const plain = ANSWERED.join('\n');

/** Gmail's quote header in the language of its interface (the visitor's). */
const GMAIL: Record<LocaleCode, string> = {
  en: `On Wed, Mar 12, 2025 at 10:15 AM ${CENTRE} <${SENDER}> wrote:`,
  ko: `2025년 3월 12일 (수) 오전 10:15, ${CENTRE} <${SENDER}>님이 작성:`,
  ru: `ср, 12 мар. 2025 г. в 10:15, ${CENTRE} <${SENDER}>:`,
  vi: `Vào Th 4, 12 thg 3, 2025 vào lúc 10:15 ${CENTRE} <${SENDER}> đã viết:`,
  zh: `${CENTRE} <${SENDER}> 于2025年3月12日周三 10:15写道：`,
  ja: `2025年3月12日(水) 10:15 ${CENTRE} <${SENDER}>:`,
};

/** Apple Mail's, and the line it signs with on an iPhone. */
const APPLE: Record<LocaleCode, { header: string; signature: string }> = {
  en: { header: `On 12 Mar 2025, at 10:15, ${CENTRE} <${SENDER}> wrote:`, signature: 'Sent from my iPhone' },
  ko: { header: `2025. 3. 12. 오전 10:15, ${CENTRE} <${SENDER}> 작성:`, signature: 'iPhone에서 보냄' },
  ru: { header: `12 марта 2025 г., в 10:15, ${CENTRE} <${SENDER}> написал(а):`, signature: 'Отправлено с iPhone' },
  vi: { header: `Vào 10:15, ngày 12 thg 3, 2025, ${CENTRE} <${SENDER}> đã viết:`, signature: 'Gửi từ iPhone của tôi' },
  zh: { header: `在 2025年3月12日，10:15，${CENTRE} <${SENDER}> 写道：`, signature: '发自我的iPhone' },
  ja: { header: `2025/03/12 10:15、${CENTRE} <${SENDER}>のメール:`, signature: 'iPhoneから送信' },
};

/** Outlook's header block (From, Sent, To, Subject) in its interface's language, the answered mail unquoted below it. */
const OUTLOOK: Record<LocaleCode, string[]> = {
  en: [
    `From: ${CENTRE} <${SENDER}>`,
    'Sent: Wednesday, March 12, 2025 10:15 AM',
    'To: visitor@example.test',
    'Subject: Your enquiry MT-000123',
  ],
  ko: [
    `보낸 사람: ${CENTRE} <${SENDER}>`,
    '보낸 날짜: 2025년 3월 12일 수요일 오전 10:15',
    '받는 사람: visitor@example.test',
    '제목: Your enquiry MT-000123',
  ],
  ru: [
    `От: ${CENTRE} <${SENDER}>`,
    'Отправлено: 12 марта 2025 г. 10:15',
    'Кому: visitor@example.test',
    'Тема: Your enquiry MT-000123',
  ],
  vi: [
    `Từ: ${CENTRE} <${SENDER}>`,
    'Đã gửi: Thứ Tư, 12 tháng 3, 2025 10:15 SA',
    'Đến: visitor@example.test',
    'Chủ đề: Your enquiry MT-000123',
  ],
  zh: [
    `发件人: ${CENTRE} <${SENDER}>`,
    '发送时间: 2025年3月12日 10:15',
    '收件人: visitor@example.test',
    '主题: Your enquiry MT-000123',
  ],
  ja: [
    `差出人: ${CENTRE} <${SENDER}>`,
    '送信日時: 2025年3月12日 10:15',
    '宛先: visitor@example.test',
    '件名: Your enquiry MT-000123',
  ],
};

export interface ReplySample {
  client: string;
  locale: LocaleCode;
  /** The text part as it arrives. */
  text: string;
  /** What the visitor wrote. */
  expected: string;
}

/** Every client style with every language it is used in here: Gmail, Outlook and Apple Mail in all six; Naver, QQ, Yandex, Mail.ru in theirs. */
export function replySamples(): ReplySample[] {
  const samples: ReplySample[] = [];
  for (const locale of Object.keys(NEW_TEXTS) as LocaleCode[]) {
    const own = NEW_TEXTS[locale];
    samples.push({ client: 'Gmail', locale, text: `${own}\n\n${GMAIL[locale]}\n\n${quoted}\n`, expected: own });
    samples.push({
      client: 'Outlook',
      locale,
      text: `${own}\n\n________________________________\n${OUTLOOK[locale].join('\n')}\n\n${plain}\n`,
      expected: own,
    });
    samples.push({
      client: 'Apple Mail',
      locale,
      text: `${own}\n\n${APPLE[locale].signature}\n\n${APPLE[locale].header}\n\n${quoted}\n`,
      expected: own,
    });
  }
  samples.push(
    {
      client: 'Gmail, the quote header wrapped',
      locale: 'en',
      text: `${NEW_TEXTS.en}\n\nOn Wed, Mar 12, 2025 at 10:15 AM ${CENTRE} <\n${SENDER}> wrote:\n\n${quoted}\n`,
      expected: NEW_TEXTS.en,
    },
    {
      client: 'Naver',
      locale: 'ko',
      text: `${NEW_TEXTS.ko}\n\n-----Original Message-----\nFrom: "${CENTRE}"<${SENDER}>\nTo: visitor@naver.com\nCc:\nSent: 2025-03-12 (수) 10:15:00 (GMT+09:00)\nSubject: Your enquiry MT-000123\n\n${plain}\n`,
      expected: NEW_TEXTS.ko,
    },
    {
      client: 'QQ',
      locale: 'zh',
      text: `${NEW_TEXTS.zh}\n\n\n------------------ 原始邮件 ------------------\n发件人: "${CENTRE}"<${SENDER}>;\n发送时间: 2025年3月12日(星期三) 上午10:15\n收件人: "visitor"<visitor@qq.com>;\n主题: Your enquiry MT-000123\n\n${plain}\n`,
      expected: NEW_TEXTS.zh,
    },
    {
      client: 'QQ, its header block alone',
      locale: 'zh',
      text: `${NEW_TEXTS.zh}\n\n发件人: "${CENTRE}"<${SENDER}>;\n发送时间: 2025年3月12日(星期三) 上午10:15\n收件人: "visitor"<visitor@qq.com>;\n主题: Your enquiry MT-000123\n\n${plain}\n`,
      expected: NEW_TEXTS.zh,
    },
    {
      client: 'Yandex',
      locale: 'ru',
      text: `${NEW_TEXTS.ru}\n\n-- \nОтправлено из мобильного приложения Яндекс Почты\n\n12.03.2025, 10:15, "${CENTRE}" <${SENDER}>:\n${quoted}\n`,
      expected: NEW_TEXTS.ru,
    },
    {
      client: 'Mail.ru',
      locale: 'ru',
      text: `${NEW_TEXTS.ru}\n\n\nСреда, 12 марта 2025, 10:15 +09:00 от ${CENTRE} <${SENDER}>:\n\n${quoted}\n\n--\nАнна Петрова\n`,
      expected: NEW_TEXTS.ru,
    },
    {
      client: 'Mail.ru, in English',
      locale: 'en',
      text: `${NEW_TEXTS.en}\n\nWednesday, March 12, 2025 10:15 AM +09:00 from ${CENTRE} <${SENDER}>:\n\n${quoted}\n`,
      expected: NEW_TEXTS.en,
    },
  );
  return samples;
}
