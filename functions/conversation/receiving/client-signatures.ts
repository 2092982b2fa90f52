/**
 * The line a mail program adds below what its user wrote ("Sent from my
 * iPhone", "发自网易邮箱大师", "Получить Outlook для Android"), in the
 * languages of our visitors' phones and apps. A line counts only when it has
 * both the program's wording and the name of a device or mail app, so a
 * visitor's "Sent from the hospital yesterday" or "Отправлено из Москвы" is
 * kept: it is their words.
 */
import { HEADER_LINE_MAX } from './quote-markers';

const WORDING: readonly RegExp[] = [
  /^Sent (?:from|via|with) .{1,60}$/i,
  /^Get Outlook for .{1,30}$/i,
  /^Получить Outlook для .{1,30}$/i,
  /^Отправлено (?:с|со|из) .{1,60}$/i,
  /^.{1,40}에서 (?:보냄|보냈습니다\.?)$/,
  /^.{1,30}용 Outlook 받기$/,
  /^(?:发自|来自|來自|寄自|从|從).{1,40}$/,
  /^.{1,40}(?:发送|傳送|送出)$/,
  /^.{1,40}から送信$/,
  /^.{0,20}Outlook.{0,20}をダウンロード$/,
  /^(?:Được )?gửi từ .{1,50}$/i,
  /^Tải Outlook cho .{1,30}$/i,
  /^获取.{0,20}Outlook.{0,30}$/,
  /^取得.{0,20}Outlook.{0,20}$/,
];

/** A phone, a tablet or a mail app, as those lines name them. */
const DEVICE_OR_APP =
  /iPhone|iPad|iPod|Android|Galaxy|Samsung|Huawei|华为|華為|Xiaomi|小米|OPPO|vivo|\bPixel\b|BlackBerry|Outlook|Yahoo|Gmail|Mail\.ru|Яндекс|Yandex|Почты|мобильн|Windows|Mail for|网易邮箱|邮箱大师|QQ ?邮箱|QQ ?Mail|手机|手機|스마트폰|휴대폰|모바일|메일 앱|네이버|Naver|Daum|다음|điện thoại|di động|スマートフォン|スマホ|携帯|my (?:phone|mobile|smartphone|tablet)|TypeApp|BlueMail|Spark|Edison|Airmail|K-9|FairEmail|Proton ?Mail|Tutanota|Mailbird|eM Client/i;

/** Outlook's line carries its link: "Get Outlook for Android<https://aka.ms/…>". */
const TRAILING_LINK = /\s*<https?:\/\/[^\s<>]+>$/;
/** A client's line is a name, never a sentence: "Sent from my desk, it is easier than my mobile phone." is the visitor's. */
const SENTENCE = /[,，;]\s|\.\s+\S/;

export function clientSignature(line: string): boolean {
  if (line.length > HEADER_LINE_MAX) return false;
  const trimmed = line.trim().replace(TRAILING_LINK, '');
  return !SENTENCE.test(trimmed) && WORDING.some((pattern) => pattern.test(trimmed)) && DEVICE_OR_APP.test(trimmed);
}

/** The footer a mailing list adds below a message ("__" or a rule, then "<list> mailing list"). */
export function listFooter(lines: readonly string[], index: number): boolean {
  return /^_{2,}$/.test((lines[index] ?? '').trim()) && /mailing list$/i.test((lines[index + 1] ?? '').trim());
}

/** The line RFC 3676 puts above a signature ("-- "; many clients drop the space). */
export function signatureSeparator(line: string): boolean {
  return line.trimEnd() === '--';
}
