/**
 * Which of our own messages the benchmark writes: each client in the
 * languages it is used in, and each kind of answer (top-posted, bottom-posted,
 * inline, a wrapped quote header, the patient's own header-like lines, a
 * sign-off with a P.S., forwards, the clients' signatures, legacy charsets,
 * HTML only, an answer that only quotes). Adding a case is adding a row.
 */
import { LOCALE_CODES, type LocaleCode } from '../../shared/locales';
import type { ReplyCase } from './case';
import { type OwnCaseRow, ownCases } from './own-messages';
import { CENTRE_ADDRESS } from './own-texts';

const ALL = LOCALE_CODES;
const each = (
  clients: readonly string[],
  languages: readonly LocaleCode[],
  row: Omit<OwnCaseRow, 'client' | 'language'>,
) => clients.flatMap((client) => languages.map((language) => ({ client, language, ...row })));

const TOP = { kind: 'top-posted' } as const;
const LOOK = (lookalike: number) => ({ kind: 'own header-like lines', lookalike }) as const;
const SIGN_OFF = { kind: 'sign-off and P.S.' } as const;
const HTML_ONLY = { kind: 'top-posted', transport: { htmlOnly: true }, label: 'HTML only, blockquote' } as const;
const charset = (name: string, encoding: '8bit' | 'base64' = '8bit') =>
  ({ kind: 'top-posted', transport: { charset: name, encoding }, label: `charset ${name}` }) as const;
const WINDOWS_1258 = {
  transport: { charset: 'windows-1258', encoding: '8bit', decomposed: true },
  label: 'windows-1258, tone marks apart',
} as const;

const ROWS: OwnCaseRow[] = [
  // The clients every language uses, top-posted.
  ...each(['Gmail', 'Outlook (desktop)', 'Outlook (web)', 'Apple Mail', 'iPhone Mail'], ALL, TOP),
  ...each(['Outlook (plain text)'], ['en', 'ko', 'ru', 'zh', 'ja'], TOP),
  ...each(['Outlook (desktop)', 'Outlook (plain text)'], ['vi'], { kind: 'top-posted', ...WINDOWS_1258 }),
  { client: 'Outlook (desktop)', language: 'vi', ...LOOK(0), ...WINDOWS_1258 },
  ...each(['Outlook for iOS and Android'], ['en', 'ru'], TOP),
  { client: 'Outlook (Traditional Chinese)', language: 'zh', kind: 'top-posted', style: { signature: undefined } },
  { client: 'Outlook (Traditional Chinese)', language: 'zh', ...TOP },
  ...each(['Samsung Email'], ['ko', 'en', 'ru'], TOP),
  { client: 'Yahoo Mail', language: 'en', ...TOP },
  { client: 'Yahoo Mail for Android', language: 'en', ...TOP },

  // Gmail: every kind of answer.
  ...each(['Gmail'], ['en', 'ru', 'ja'], { kind: 'bottom-posted' }),
  ...each(['Gmail'], ALL, { kind: 'inline' }),
  ...each(['Gmail'], ALL, { kind: 'quote header wrapped' }),
  { client: 'Gmail', language: 'en', ...LOOK(0) },
  { client: 'Gmail', language: 'en', ...LOOK(2) },
  { client: 'Gmail', language: 'ru', ...LOOK(2) },
  { client: 'Gmail', language: 'ko', ...LOOK(1) },
  { client: 'Gmail', language: 'zh', ...LOOK(1) },
  { client: 'Gmail', language: 'vi', ...LOOK(0) },
  { client: 'Gmail', language: 'ja', ...LOOK(1) },
  ...each(['Gmail'], ['en', 'vi'], SIGN_OFF),
  ...each(['Gmail'], ALL, { kind: 'forward alone' }),
  ...each(['Gmail'], ['en', 'ru', 'ko', 'vi'], { kind: 'forward with a line above' }),
  { client: 'Gmail', language: 'en', ...HTML_ONLY },
  { client: 'Gmail', language: 'en', kind: 'quote only' },

  // Apple Mail, iPhone Mail and Outlook beyond the top-posted answer.
  ...each(['Apple Mail'], ['en'], { kind: 'bottom-posted' }),
  ...each(['Apple Mail'], ['en'], { kind: 'inline' }),
  ...each(['Apple Mail'], ['en'], { kind: 'forward alone' }),
  { client: 'Apple Mail', language: 'en', ...HTML_ONLY },
  { client: 'iPhone Mail', language: 'vi', kind: 'top-posted', style: { signature: ['Được gửi từ iPhone của tôi'] } },
  { client: 'iPhone Mail', language: 'en', ...LOOK(1) },
  { client: 'iPhone Mail', language: 'en', ...SIGN_OFF },
  { client: 'iPhone Mail', language: 'ja', kind: 'quote only' },
  { client: 'Outlook (desktop)', language: 'ru', ...LOOK(0) },
  { client: 'Outlook (desktop)', language: 'ru', ...SIGN_OFF },
  { client: 'Outlook (desktop)', language: 'en', kind: 'forward alone' },
  { client: 'Outlook (desktop)', language: 'ja', kind: 'forward with a line above' },
  { client: 'Outlook (web)', language: 'vi', ...LOOK(1) },

  // Korean portals.
  { client: 'Naver', language: 'ko', ...TOP },
  { client: 'Naver', language: 'ko', ...HTML_ONLY },
  { client: 'Naver', language: 'ko', ...LOOK(0) },
  { client: 'Naver', language: 'ko', ...SIGN_OFF },
  { client: 'Daum', language: 'ko', ...TOP },
  { client: 'Daum', language: 'ko', ...charset('EUC-KR') },
  { client: 'Daum', language: 'ko', ...HTML_ONLY },

  // Chinese portals.
  ...each(['QQ'], ['zh', 'en'], TOP),
  { client: 'QQ', language: 'zh', ...LOOK(0) },
  { client: 'QQ', language: 'zh', ...SIGN_OFF },
  { client: 'QQ', language: 'zh', kind: 'forward alone' },
  { client: 'QQ', language: 'zh', ...HTML_ONLY },
  ...each(['163.com'], ['zh', 'en'], TOP),
  { client: '163.com', language: 'zh', kind: 'bottom-posted' },
  ...each(['NetEase Mail Master'], ['zh', 'en'], TOP),

  // Russian: Yandex, Mail.ru, The Bat!; Thunderbird in English and Russian.
  ...each(['Yandex'], ['ru', 'en'], TOP),
  {
    client: 'Yandex',
    language: 'ru',
    ...TOP,
    style: { signature: ['-- ', 'Отправлено из мобильного приложения Яндекс Почты'] },
  },
  { client: 'Yandex', language: 'en', ...TOP, style: { signature: ['-- ', 'Sent from Yandex Mail for mobile'] } },
  { client: 'Yandex', language: 'ru', kind: 'inline' },
  { client: 'Yandex', language: 'ru', kind: 'bottom-posted' },
  { client: 'Yandex', language: 'ru', ...LOOK(1) },
  ...each(['Mail.ru'], ['ru', 'en'], TOP),
  // Mail.ru names a sender without a display name by the bare address, without angle brackets.
  {
    client: 'Mail.ru',
    language: 'ru',
    ...TOP,
    style: { attribution: [`Среда, 12 марта 2025, 10:15 +09:00 от ${CENTRE_ADDRESS}:`] },
    label: 'bare address',
  },
  {
    client: 'Mail.ru',
    language: 'ru',
    ...TOP,
    style: { attribution: [`12.03.2025, 10:15, ${CENTRE_ADDRESS}:`] },
    label: 'bare address',
  },
  { client: 'Mail.ru', language: 'ru', ...TOP, style: { signature: ['Отправлено из мобильной Почты Mail.ru'] } },
  { client: 'Mail.ru', language: 'ru', ...TOP, style: { signature: ['--', 'Отправлено из мобильной Почты Mail.ru'] } },
  { client: 'Mail.ru', language: 'ru', ...HTML_ONLY },
  { client: 'Mail.ru', language: 'ru', kind: 'inline' },
  { client: 'Mail.ru', language: 'ru', kind: 'bottom-posted' },
  { client: 'Mail.ru', language: 'ru', ...LOOK(0) },
  ...each(['The Bat!'], ['ru', 'en'], { kind: 'bottom-posted' }),
  { client: 'The Bat!', language: 'ru', kind: 'inline' },
  {
    client: 'The Bat!',
    language: 'ru',
    kind: 'bottom-posted',
    transport: { charset: 'KOI8-R' },
    label: 'charset KOI8-R',
  },
  ...each(['Thunderbird'], ['en', 'ru'], TOP),
  ...each(['Thunderbird'], ['en', 'ru'], { kind: 'bottom-posted' }),
  ...each(['Thunderbird'], ['en', 'ru'], { kind: 'inline' }),

  // Japanese: Yahoo! JAPAN.
  { client: 'Yahoo! JAPAN', language: 'ja', ...TOP },
  { client: 'Yahoo! JAPAN', language: 'ja', ...charset('Shift_JIS', 'base64') },
  { client: 'Yahoo! JAPAN', language: 'ja', ...LOOK(0) },
  { client: 'Yahoo! JAPAN', language: 'ja', ...SIGN_OFF },
];

export function ownMessages(): ReplyCase[] {
  return ownCases(ROWS);
}
