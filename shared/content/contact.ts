/**
 * Contact data and outside links shown on every page. Values SPEC.md does
 * not give are marked with `placeholderText` (or placeholder numbers): the
 * site build lists them until the operator fills them in here.
 */
import { displayText, placeholderText } from './placeholders';

export const CONTACT = {
  /** Operator's postal address, in the local language and in English. */
  address: {
    local: placeholderText('(우) 00000 광역시 중구 의료관광로 1, 의료관광센터'),
    english: placeholderText('Medical Tourism Centre, 1 Medical Tourism-ro, Jung-gu, 00000, Korea'),
  },
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
