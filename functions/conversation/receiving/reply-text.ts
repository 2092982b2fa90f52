/**
 * The new text of a visitor's answer: what they wrote, without the mail they
 * answered quoted below it and without their mail program's signature line.
 * email-reply-parser (crisp-oss) knows the English quote header ("On …
 * wrote:"), `>` quoting and the common signatures; our visitors write from
 * Gmail, Outlook, Apple Mail, Naver, QQ, Yandex and Mail.ru in six languages,
 * so the quote headers and signature lines of those come first, here. Each
 * rule below names the client and language it is for; reply-text.test.ts
 * holds a sample of each.
 */
import EmailReplyParser from 'email-reply-parser';

/**
 * A line (or a line with the next, as Gmail wraps a long one) that starts the
 * quoted mail. The "wrote" lines always name the sender's address, so each
 * asks for an `@`: a visitor's own sentence ending in "작성:" does not cut.
 */
const QUOTE_HEADERS: readonly RegExp[] = [
  // Gmail and Apple Mail, English: "On Wed, Mar 12, 2025 at 10:15 AM Centre <no-reply@…> wrote:"
  /^On\s.+@.+\swrote:\s*$/i,
  // Gmail, Korean: "2025년 3월 12일 (수) 오전 10:15, Centre <…>님이 작성:"; Apple Mail: "2025. 3. 12. 오전 10:15, Centre <…> 작성:"
  /@.+작성:\s*$/,
  // Gmail, Russian: "ср, 12 мар. 2025 г. в 10:15, Centre <…>:"; Apple Mail: "… Centre <…> написал(а):"
  /\d{4}\s*г\.,?\s*в\s*\d{1,2}:\d{2}.*@.*>:?\s*$/,
  /@.+написал(\(а\)|а)?:\s*$/,
  // Mail.ru: "Среда, 12 марта 2025, 10:15 +09:00 от Centre <…>:" (and its English "… from Centre <…>:")
  /\s(от|from)\s.*<[^>]*@[^>]*>:\s*$/i,
  // Yandex: "12.03.2025, 10:15, "Centre" <…>:"
  /^\d{1,2}\.\d{1,2}\.\d{4},?\s+\d{1,2}:\d{2},?\s.*<[^>]*@[^>]*>:\s*$/,
  // Gmail and Apple Mail, Vietnamese: "Vào Th 4, 12 thg 3, 2025 lúc 10:15 Centre <…> đã viết:"
  /@.+đã viết:\s*$/i,
  // Gmail and Apple Mail, Chinese: "Centre <…> 于2025年3月12日周三 10:15写道：", "在 2025年3月12日 …写道："
  /@.+写道[:：]\s*$/,
  // Gmail, Japanese: "2025年3月12日(水) 10:15 Centre <…>:"; Apple Mail: "2025/03/12 10:15、Centre <…>のメール:"
  /^\d{4}年\d{1,2}月\d{1,2}日.*<[^>]*@[^>]*>:?\s*$/,
  /@.+の(メール|メッセージ)[:：]\s*$/,
  // Outlook in plain text, Naver, QQ: "-----Original Message-----", "-----원본 메시지-----", "------------------ 原始邮件 ------------------"
  /^-{2,}\s*(Original Message|Forwarded message|원본 메시지|전달된 메시지|Исходное сообщение|Пересылаемое сообщение|原始邮件|原始郵件|元のメッセージ|Thư gốc)\s*-{2,}\s*$/i,
  // Outlook's separator before its header block.
  /^_{10,}\s*$/,
];

/** The first line of a quoted header block (Outlook, Naver, QQ): who sent it, in each language Outlook speaks to our visitors. */
const HEADER_FROM = /^\s*\*?(From|보낸 사람|От|Від|发件人|寄件者|差出人|Từ)\s*\*?\s*[:：]/i;
/** A line of the same block that only a quoted mail has: when it was sent (the From line alone could be the visitor's own words). */
const HEADER_SENT =
  /^\s*\*?(Sent|Date|보낸 날짜|날짜|Отправлено|Дата|发送时间|發送時間|日期|送信日時|日付|Đã gửi|Ngày)\s*\*?\s*[:：]/i;
/** How far below the From line the sent line may be (To and Cc may come first). */
const HEADER_BLOCK_LINES = 5;

/** A mail program's line about itself, which ends what the visitor wrote. */
const SIGNATURE_LINES: readonly RegExp[] = [
  /^Sent from (my )?.{1,40}$/i,
  /^Get Outlook for .{1,30}$/i,
  /^Отправлено (с|из) .{1,60}$/i,
  /^.{1,30}에서 보냄$/,
  /^(发自|来自|从)我的.{1,30}$/,
  /^.{1,30}から送信$/,
  /^Gửi từ .{1,40}$/i,
];

function quoteStart(lines: readonly string[]): number | undefined {
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    const next = (lines[i + 1] ?? '').trim();
    // A header wrapped over two lines starts here; a whole one on the next line starts there.
    if (QUOTE_HEADERS.some((pattern) => pattern.test(line) || (!pattern.test(next) && pattern.test(`${line} ${next}`))))
      return i;
    if (HEADER_FROM.test(line) && lines.slice(i + 1, i + 1 + HEADER_BLOCK_LINES).some((next) => HEADER_SENT.test(next)))
      return i;
    if (line.startsWith('>') && lines.slice(i).every((rest) => rest.startsWith('>') || rest.trim() === '')) return i;
  }
  return undefined;
}

function signatureStart(lines: readonly string[]): number | undefined {
  const index = lines.findIndex((line) => SIGNATURE_LINES.some((pattern) => pattern.test(line.trim())));
  return index < 0 ? undefined : index;
}

/** What the visitor wrote: the text part (or the text mailparser made of the HTML) without the quoted mail and the signature line. */
export function newText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const quoted = quoteStart(lines);
  const own = lines.slice(0, quoted ?? lines.length);
  const signed = signatureStart(own);
  const cut = own.slice(0, signed ?? own.length).join('\n');
  let parsed: string;
  try {
    // The library's own rules: "> " quoting left inside, English headers we did not know, "-- " signatures.
    parsed = new EmailReplyParser().parseReply(cut);
  } catch {
    parsed = cut;
  }
  return parsed.replace(/[ \t]+$/gm, '').trim();
}
