/**
 * Enquiry enums with their Korean wire values (what the API stores and
 * returns) and their labels in the six page languages. Order is display order.
 */
import type { LocaleCode } from '../locales';

type Labels = Record<LocaleCode, string>;

interface EnumEntry<Value extends string> {
  value: Value;
  labels: Labels;
}

export const SECTIONS = [
  {
    value: '병원예약',
    labels: {
      en: 'Hospital Reservation',
      ko: '병원예약',
      zh: '医院预约',
      ru: 'Запись в больницу',
      vi: 'Đặt lịch bệnh viện',
      ja: '病院予約',
    },
  },
  {
    value: '컨시어지',
    labels: {
      en: 'Concierge',
      ko: '컨시어지',
      zh: '礼宾服务',
      ru: 'Консьерж',
      vi: 'Dịch vụ hỗ trợ',
      ja: 'コンシェルジュ',
    },
  },
  {
    value: '호텔예약',
    labels: {
      en: 'Hotel Reservation',
      ko: '호텔예약',
      zh: '酒店预订',
      ru: 'Бронирование отеля',
      vi: 'Đặt phòng khách sạn',
      ja: 'ホテル予約',
    },
  },
  {
    value: '통역예약',
    labels: {
      en: 'Interpretation Reservation',
      ko: '통역예약',
      zh: '翻译预约',
      ru: 'Заказ переводчика',
      vi: 'Đặt phiên dịch',
      ja: '通訳予約',
    },
  },
] as const satisfies readonly EnumEntry<string>[];

export type Section = (typeof SECTIONS)[number]['value'];
export const SECTION_VALUES = SECTIONS.map((entry) => entry.value) as [Section, ...Section[]];
export const HOSPITAL_SECTION: Section = '병원예약';
export const HOTEL_SECTION: Section = '호텔예약';
/** Sections whose form asks where the visitor departs from or arrives at. */
export const SECTIONS_WITH_DESTINATION: readonly Section[] = ['컨시어지', '통역예약'];

export const DETAIL_SECTIONS = [
  {
    value: '상급/종합병원',
    labels: {
      en: 'Tertiary / general hospital',
      ko: '상급/종합병원',
      zh: '三级/综合医院',
      ru: 'Многопрофильная больница',
      vi: 'Bệnh viện tuyến trên / đa khoa',
      ja: '上級・総合病院',
    },
  },
  {
    value: '종합검진',
    labels: {
      en: 'Comprehensive health check-up',
      ko: '종합검진',
      zh: '综合体检',
      ru: 'Комплексное обследование',
      vi: 'Khám sức khỏe tổng quát',
      ja: '総合健診',
    },
  },
  {
    value: '정형외과',
    labels: {
      en: 'Orthopaedics',
      ko: '정형외과',
      zh: '骨科',
      ru: 'Ортопедия',
      vi: 'Chấn thương chỉnh hình',
      ja: '整形外科',
    },
  },
  {
    value: '성형외과',
    labels: {
      en: 'Plastic surgery',
      ko: '성형외과',
      zh: '整形外科',
      ru: 'Пластическая хирургия',
      vi: 'Phẫu thuật thẩm mỹ',
      ja: '美容整形外科',
    },
  },
  {
    value: '피부과',
    labels: { en: 'Dermatology', ko: '피부과', zh: '皮肤科', ru: 'Дерматология', vi: 'Da liễu', ja: '皮膚科' },
  },
  {
    value: '치과',
    labels: { en: 'Dentistry', ko: '치과', zh: '牙科', ru: 'Стоматология', vi: 'Nha khoa', ja: '歯科' },
  },
  {
    value: '안과',
    labels: { en: 'Ophthalmology', ko: '안과', zh: '眼科', ru: 'Офтальмология', vi: 'Nhãn khoa', ja: '眼科' },
  },
  {
    value: '산부인과',
    labels: {
      en: 'Obstetrics and gynaecology',
      ko: '산부인과',
      zh: '妇产科',
      ru: 'Акушерство и гинекология',
      vi: 'Sản phụ khoa',
      ja: '産婦人科',
    },
  },
  {
    value: '한방',
    labels: {
      en: 'Korean traditional medicine',
      ko: '한방',
      zh: '韩医',
      ru: 'Традиционная корейская медицина',
      vi: 'Y học cổ truyền Hàn Quốc',
      ja: '韓方医学',
    },
  },
  {
    value: '기타',
    labels: { en: 'Others', ko: '기타', zh: '其他', ru: 'Другое', vi: 'Khác', ja: 'その他' },
  },
] as const satisfies readonly EnumEntry<string>[];

export type DetailSection = (typeof DETAIL_SECTIONS)[number]['value'];
export const DETAIL_SECTION_VALUES = DETAIL_SECTIONS.map((entry) => entry.value) as [DetailSection, ...DetailSection[]];
export const DEFAULT_DETAIL_SECTION: DetailSection = '상급/종합병원';

export const LANGUAGES = [
  {
    value: 'English',
    labels: { en: 'English', ko: '영어', zh: '英语', ru: 'Английский', vi: 'Tiếng Anh', ja: '英語' },
  },
  {
    value: 'Russian',
    labels: { en: 'Russian', ko: '러시아어', zh: '俄语', ru: 'Русский', vi: 'Tiếng Nga', ja: 'ロシア語' },
  },
  {
    value: 'Chinese',
    labels: { en: 'Chinese', ko: '중국어', zh: '中文', ru: 'Китайский', vi: 'Tiếng Trung', ja: '中国語' },
  },
  {
    value: 'Vietnamese',
    labels: { en: 'Vietnamese', ko: '베트남어', zh: '越南语', ru: 'Вьетнамский', vi: 'Tiếng Việt', ja: 'ベトナム語' },
  },
  {
    value: 'Japanese',
    labels: { en: 'Japanese', ko: '일본어', zh: '日语', ru: 'Японский', vi: 'Tiếng Nhật', ja: '日本語' },
  },
  // Additive: the Korean page's own language (a visitor who needs no interpreter says so).
  {
    value: 'Korean',
    labels: { en: 'Korean', ko: '한국어', zh: '韩语', ru: 'Корейский', vi: 'Tiếng Hàn', ja: '韓国語' },
  },
] as const satisfies readonly EnumEntry<string>[];

export type KnownLanguage = (typeof LANGUAGES)[number]['value'];
export const LANGUAGE_VALUES = LANGUAGES.map((entry) => entry.value) as [KnownLanguage, ...KnownLanguage[]];
/** Longest free-text language a visitor may type for the other/etc. option. */
export const FREE_LANGUAGE_MAX_LENGTH = 50;

/** Old spellings the previous site stored; accepted on input, stored spelled right. */
const LANGUAGE_ALIASES = new Map<string, KnownLanguage>([
  ['japanes', 'Japanese'],
  ['vietnames', 'Vietnamese'],
]);

/**
 * Normalises a language as sent by a form: known names (any case, old
 * spellings included) become their canonical value; anything else is the
 * visitor's own words, trimmed.
 */
export function normaliseLanguage(raw: string): string {
  const trimmed = raw.trim();
  const lower = trimmed.toLowerCase();
  const known = LANGUAGE_VALUES.find((value) => value.toLowerCase() === lower);
  return known ?? LANGUAGE_ALIASES.get(lower) ?? trimmed;
}

export function isKnownLanguage(value: string): value is KnownLanguage {
  return (LANGUAGE_VALUES as readonly string[]).includes(value);
}

/** Label of a wire value in a locale; unknown values (free text) are shown as they are. */
export function labelOf(entries: readonly EnumEntry<string>[], value: string, locale: LocaleCode): string {
  return entries.find((entry) => entry.value === value)?.labels[locale] ?? value;
}
