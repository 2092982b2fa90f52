/**
 * Contact data and outside links shown on every page. Values the old site does
 * not give (docs/decisions.md, 'Content the old site does not give') are
 * marked with `placeholderText` (or placeholder numbers): the site build lists
 * them until the operator fills them in here.
 */
import type { LocaleCode } from '../locales';
import { displayText, placeholderText } from './placeholders';

/**
 * The operator's postal address as each page shows it: in the page's
 * language and its usual order (Korean, Chinese and Japanese from the
 * country down; the others from the name up), the street name transliterated.
 */
const ADDRESS: Record<LocaleCode, string> = {
  en: placeholderText('Medical Tourism Centre, 1 Uiryogwangwang-ro, Jung-gu, 00000, Republic of Korea'),
  ko: placeholderText('(우) 00000 광역시 중구 의료관광로 1, 의료관광센터'),
  zh: placeholderText('韩国 广域市 中区 医疗观光路1号 医疗旅游中心（邮编 00000）'),
  ru: placeholderText('Центр медицинского туризма, Ыйрёгвангван-ро, 1, район Чун-гу, 00000, Республика Корея'),
  vi: placeholderText('Trung tâm Du lịch Y tế, số 1 đường Uiryogwangwang-ro, quận Jung, 00000, Hàn Quốc'),
  ja: placeholderText('〒00000 韓国 広域市 中区 医療観光路1 医療観光センター'),
};

export const CONTACT = {
  address: ADDRESS,
  landline: placeholderText('+82-00-000-0000'),
  mobile: placeholderText('+82-10-0000-0000'),
  fax: placeholderText('+82-00-000-0001'),
  email: placeholderText('info@medical-tourism.example'),
  /** The two customer-centre numbers; the call button dials one at random per page load. */
  customerCentres: [placeholderText('+82-00-000-1111'), placeholderText('+82-00-000-2222')],
  copyrightYear: 2023,
} as const;

export const SOCIAL_LINKS = {
  instagram: placeholderText('https://www.instagram.com/'),
  facebook: placeholderText('https://www.facebook.com/'),
  /** The Chinese page shows the microblog instead of the two above. */
  weibo: placeholderText('https://weibo.com/'),
} as const;

/** The city medical-tourism portal's institution and hotel introductions (opened in a new tab). */
export const PORTAL_LINKS = {
  institutions: placeholderText('https://medical-tourism.example/institutions'),
  hotels: placeholderText('https://medical-tourism.example/hotels'),
} as const;

/** Turns a displayed phone number into a `tel:` link target. */
export function telHref(number: string): string {
  return `tel:${displayText(number).replace(/[^\d+]/g, '')}`;
}
