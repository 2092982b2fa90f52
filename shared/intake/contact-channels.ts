/**
 * How a visitor prefers to be contacted, defined once: the channels, their
 * order on each language page (the app people of that language use first),
 * what an account on each looks like, and the link staff can open. No
 * schema library here: the page and the back office import this file.
 */
import type { LocaleCode } from '../locales';

export const CONTACT_CHANNELS = [
  'email',
  'phone',
  'kakaotalk',
  'wechat',
  'line',
  'zalo',
  'whatsapp',
  'telegram',
] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** The channel's own name (brand names are not translated; e-mail and phone are, in the page copy). */
export const CHANNEL_NAMES: Record<ContactChannel, string> = {
  email: 'E-mail',
  phone: 'Phone',
  kakaotalk: 'KakaoTalk',
  wechat: 'WeChat',
  line: 'LINE',
  zalo: 'Zalo',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
};

/** The list order on each page: the messenger most used by that page's readers first. */
export const CHANNEL_ORDER: Record<LocaleCode, readonly ContactChannel[]> = {
  en: ['email', 'whatsapp', 'phone', 'telegram', 'line', 'wechat', 'kakaotalk', 'zalo'],
  ko: ['kakaotalk', 'phone', 'email', 'line', 'whatsapp', 'telegram', 'wechat', 'zalo'],
  zh: ['wechat', 'phone', 'email', 'whatsapp', 'line', 'telegram', 'kakaotalk', 'zalo'],
  ru: ['telegram', 'whatsapp', 'phone', 'email', 'wechat', 'line', 'kakaotalk', 'zalo'],
  vi: ['zalo', 'phone', 'email', 'whatsapp', 'telegram', 'line', 'wechat', 'kakaotalk'],
  ja: ['line', 'email', 'phone', 'whatsapp', 'wechat', 'telegram', 'kakaotalk', 'zalo'],
};

export const CONTACT_ACCOUNT_MAX = 100;

/** A phone number as people write it: digits with +, spaces, dots, dashes and brackets, 6 to 20 digits. */
const PHONE = /^\+?[\d\s().-]{6,30}$/;
const digits = (text: string) => text.replace(/\D/g, '');

/** What an account must look like on each channel (e-mail and phone use the enquiry's own fields when left empty). */
export const CHANNEL_ACCOUNT_RULES: Record<ContactChannel, { pattern: RegExp; example: string }> = {
  email: { pattern: /^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, example: 'name@example.com' },
  phone: { pattern: PHONE, example: '+82 10 1234 5678' },
  kakaotalk: { pattern: /^[A-Za-z0-9._-]{2,40}$/, example: 'kakao_id' },
  wechat: { pattern: /^[A-Za-z][A-Za-z0-9_-]{5,19}$|^\+?[\d\s().-]{6,30}$/, example: 'wxid_example' },
  line: { pattern: /^@?[A-Za-z0-9._-]{2,40}$/, example: 'line_id' },
  zalo: { pattern: PHONE, example: '+84 90 123 4567' },
  whatsapp: { pattern: PHONE, example: '+7 900 123 45 67' },
  telegram: { pattern: /^@?[A-Za-z][A-Za-z0-9_]{4,31}$|^\+?[\d\s().-]{6,30}$/, example: '@username' },
};

/** Whether an account (already trimmed) fits its channel; e-mail and phone may be left empty. */
export function isValidAccount(channel: ContactChannel, account: string): boolean {
  if (account === '') return channel === 'email' || channel === 'phone';
  if (account.length > CONTACT_ACCOUNT_MAX || /[\u0000-\u001f\u007f<>"']/.test(account)) return false;
  const rule = CHANNEL_ACCOUNT_RULES[channel];
  if (!rule.pattern.test(account)) return false;
  const phoneLike = rule.pattern === PHONE;
  return !phoneLike || (digits(account).length >= 6 && digits(account).length <= 20);
}

/**
 * The link staff open to reach the visitor on the channel, where the app has
 * public links; `undefined` where it has none (KakaoTalk, WeChat: staff add
 * the account in the app).
 */
export function channelLink(channel: ContactChannel, account: string): string | undefined {
  const handle = account.replace(/^@/, '');
  switch (channel) {
    case 'email':
      return undefined;
    case 'phone':
      return account ? `tel:${account.replace(/[^\d+]/g, '')}` : undefined;
    case 'whatsapp':
      return `https://wa.me/${digits(account)}`;
    case 'telegram':
      return /^\+?[\d\s().-]+$/.test(account)
        ? `https://t.me/+${digits(account)}`
        : `https://t.me/${encodeURIComponent(handle)}`;
    case 'line':
      return `https://line.me/R/ti/p/${encodeURIComponent(account.startsWith('@') ? account : `~${handle}`)}`;
    case 'zalo':
      return `https://zalo.me/${digits(account)}`;
    case 'kakaotalk':
    case 'wechat':
      return undefined;
  }
}
