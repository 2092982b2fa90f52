/**
 * The lines with which a mail program starts the mail it quotes below an
 * answer, as the clients our visitors use write them (Gmail, Outlook, Apple
 * Mail, Thunderbird, The Bat!, Naver, Daum, QQ, 163.com, Yandex, Mail.ru,
 * Yahoo! JAPAN, phone mail) in Korean, English, Russian, Vietnamese, Chinese
 * and Japanese:
 *
 * - an attribution ("On … <address> wrote:"), one line or wrapped over up to three;
 * - a header block (From, Sent, To, Subject: Outlook, Naver, QQ), with or without a separator line above it;
 * - a separator that says what follows ("-----Original Message-----");
 * - a forward's start: what follows is content the visitor sends on (a doctor's letter), never a quote.
 *
 * A visitor's own lines can look like any of these ("От: Москва, Шереметьево",
 * "Дата: 8 декабря"), so each asks for what only a mail program writes: an
 * address, a date with a year or a time, three header fields together. Every
 * test reads at most a few short lines (HEADER_LINE_MAX), so a line of 80,000
 * characters costs nothing here.
 */

/** Longer lines are never a quote header (the longest real ones, with a long name and address, are about 200). */
export const HEADER_LINE_MAX = 300;
/** An attribution may be wrapped over this many lines (Gmail wraps at 78 characters, sometimes twice). */
const ATTRIBUTION_LINES = 3;

const ADDRESS = /[^\s<>"'@:;,()]+@[^\s<>"'@:;,()]+\.[^\s<>"'@:;,()]+/;
const NAMED_ADDRESS = /<\s*[^<>\s]*@[^<>\s]*\s*>/;
const ADDRESS_LAST = /@[^\s<>"@]+\s*[:：]\s*$/;
/** How an attribution ends: a colon, or (Zoho, some webmail) the word "wrote" alone. */
const ENDS_WITH_COLON = /(?:[:：]|\bwrote)\s*$/i;
/** Zoho and some webmail draw dashes around it: "---- On … wrote ----". */
const DASHES_AROUND = /^-{2,}\s*(.*?)\s*-{2,}$/;
/** "On <date> … wrote:": the English attribution, certain even without an address ("On Nov 26, 2013 you wrote:"). */
const ON_WROTE = /^On\s.*\bwrote:?\s*$/i;
/** What the first half of a wrapped attribution has besides a date, a time or an address: it breaks inside one ("Centre <"), or it is the English "On …". */
const WRAPPED_START = /<\s*$|^On\s/i;
const SENTENCE_END = /[.!?。！？]\s*$/;
const WRAPPED_ADDRESS = /^<[^<>\s]+@[^<>\s]+>$/;
/** A time (10:15) or a year (2025) or a numeric date (12.03.25): every real attribution has one. */
const DATE_OR_TIME = /\d{1,2}:\d{2}|(?:^|\D)(?:19|20)\d{2}(?:\D|$)|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/;
/** "wrote" in the languages of the clients (and in the languages a visitor's mail program may be set to). */
const WROTE =
  /\b(?:wrote|writes)\b|написал|написала|пишет|писал|писали|작성|đã viết|viết:|写道|寫道|のメール|のメッセージ|書きました|schrieb|a écrit|escribió|escreveu|scrisse|ha scritto|schreef|skrev|kirjoitti|írta/i;

/** How a header field is named in each language, by what it is. */
const FIELD_NAMES = {
  from: [
    'From',
    '보낸 사람',
    '보낸사람',
    'От',
    'Від',
    '发件人',
    '寄件人',
    '寄件者',
    '差出人',
    '送信者',
    'Từ',
    'Người gửi',
    'De',
    'Von',
    'Van',
  ],
  sent: [
    'Sent',
    'Date',
    '보낸 날짜',
    '보낸날짜',
    '날짜',
    'Отправлено',
    'Дата',
    'Надіслано',
    '发送时间',
    '發送時間',
    '时间',
    '日期',
    '寄件日期',
    '送信日時',
    '日付',
    '日時',
    'Đã gửi',
    'Ngày',
    'Gửi',
    'Envoyé',
    'Envoyé le',
    'Message du',
    'Gesendet',
    'Inviato',
    'Verzonden',
    'Enviado',
    'Sendt',
  ],
  to: [
    'To',
    '받는 사람',
    '받는사람',
    'Кому',
    'Komu',
    '收件人',
    '收件者',
    '宛先',
    'Đến',
    'Tới',
    'Người nhận',
    'À',
    'An',
  ],
  cc: ['Cc', '참조', 'Копия', '抄送', '副本', 'CC', 'Copie à'],
  subject: [
    'Subject',
    '제목',
    'Тема',
    '主题',
    '主旨',
    '主題',
    '件名',
    'Chủ đề',
    'Tiêu đề',
    'Objet',
    'Sujet',
    'Betreff',
    'Oggetto',
    'Onderwerp',
    'Assunto',
    'Emne',
  ],
} as const;
type FieldKind = keyof typeof FIELD_NAMES;

function escaped(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A header line: the field's name (bold in Gmail's text of HTML, `*From:*`), a colon, its value. */
const FIELD_LINES = Object.entries(FIELD_NAMES).map(
  ([kind, names]) =>
    [
      kind as FieldKind,
      new RegExp(`^[*_]?(?:${names.map(escaped).join('|')})[*_]?\\s*[:：][*_]?\\s*(.*)$`, 'i'),
    ] as const,
);

/** A header field line's kind and value, or undefined. */
function headerField(line: string): { kind: FieldKind; value: string } | undefined {
  if (line.length > HEADER_LINE_MAX) return undefined;
  for (const [kind, pattern] of FIELD_LINES) {
    const match = pattern.exec(line);
    if (match) return { kind, value: match[1] ?? '' };
  }
  return undefined;
}

const SEPARATOR_WORDS =
  /^-{2,}\s*(?:Original Message|Original|Replied Message|Ursprüngliche Nachricht|Message d'origine|Messaggio originale|Oorspronkelijk bericht|Mensagem original|Mensaje original|Opprinnelig melding|Oprindelig meddelelse|Alkuperäinen viesti|原始邮件|原始郵件|原始信件|回复的原邮件|原邮件|원본 메시지|원본 메일|Исходное сообщение|Оригинальное сообщение|元のメッセージ|Thư gốc|Tin nhắn gốc)\s*-{2,}$/i;
/** Outlook's line above its header block, and the bare rules other clients draw there: a quote only with a header block below. */
const BARE_RULE = /^(?:_{4,}|-{4,}|={4,})$/;

const FORWARD_STARTS: readonly RegExp[] = [
  /^-{2,}\s*(?:Forwarded message|Forwarded Message|Forwarded|Пересылаемое сообщение|Пересланное сообщение|Переслано|전달된 메시지|전달 메시지|전달된 메일|转发邮件信息|转发的邮件|转发邮件|轉寄郵件|轉寄的郵件|転送メッセージ|転送されたメッセージ|Thư chuyển tiếp|Tin nhắn đã chuyển tiếp)\s*-{2,}$/i,
  /^(?:Begin forwarded message|Начало переадресованного сообщения|전달된 메시지|以下为转发的邮件|以下是转发的邮件|転送されたメッセージ|Bắt đầu tin nhắn được chuyển tiếp)\s*[:：]$/i,
];

/** A subject that says the message is a forward ("Fwd:", "FW:", "转发:", "전달:", "転送:", "Пересл:", …), not an answer. */
const FORWARD_SUBJECT =
  /^\s*(?:fwd?|fw|tr|wg|rv|enc|pd|doorst|转发|轉寄|轉發|转寄|전달|転送|пересл\S*|chuyển tiếp)\s*[:：]/i;

/** Whether a subject says the message is a forward: what it holds is content the visitor sends on, whatever its layout. */
export function forwardSubject(subject: string): boolean {
  return FORWARD_SUBJECT.test(subject);
}

/** Whether this line starts a forwarded message: everything from it on is content the visitor sends on. */
export function forwardStart(line: string): boolean {
  return line.length <= HEADER_LINE_MAX && FORWARD_STARTS.some((pattern) => pattern.test(line));
}

/** Whether this line is a separator that names the quoted mail below it ("-----Original Message-----"). */
export function namedSeparator(line: string): boolean {
  return line.length <= HEADER_LINE_MAX && SEPARATOR_WORDS.test(line);
}

export function bareRule(line: string): boolean {
  return line.length <= HEADER_LINE_MAX && BARE_RULE.test(line);
}

/**
 * Whether the (trimmed) lines from `start` are an attribution, and over how
 * many lines: it ends with a colon and names an address with "wrote" or a
 * date, or says "wrote" with a date. `strong` when it names an address: what
 * follows it is quoted even without `>` marks; a weak one ("Вы писали 12
 * марта, 10:15:") is a quote header only above `>` lines.
 */
export function attribution(lines: readonly string[], start: number): { lines: number; strong: boolean } | undefined {
  let joined = '';
  for (let count = 1; count <= ATTRIBUTION_LINES; count += 1) {
    const raw = lines[start + count - 1];
    if (raw === undefined || raw === '' || raw.length > HEADER_LINE_MAX || raw.startsWith('>')) return undefined;
    const line = DASHES_AROUND.exec(raw)?.[1] ?? raw;
    // The line before is the first half of a wrapped header only when it has what a header's first half has.
    if (
      count > 1 &&
      (SENTENCE_END.test(joined) || !(DATE_OR_TIME.test(joined) || ADDRESS.test(joined) || WRAPPED_START.test(joined)))
    )
      return undefined;
    joined = count === 1 ? line : `${joined} ${line}`;
    if (!ENDS_WITH_COLON.test(joined)) continue;
    const address = ADDRESS.test(joined);
    const dated = DATE_OR_TIME.test(joined);
    const wrote = WROTE.test(joined);
    // Without "wrote", the address is in angle brackets or ends the line, as only a client writes it ("…, no-reply@x.example:").
    const addressed = address && (wrote || (dated && (NAMED_ADDRESS.test(joined) || ADDRESS_LAST.test(joined))));
    if (addressed || (dated && ON_WROTE.test(joined))) return { lines: count, strong: true };
    if (wrote && dated) return { lines: count, strong: false };
    // A line that ends with a colon and is no attribution: the next line does not make it one.
    return undefined;
  }
  return undefined;
}

/** How many header fields in a row, naming whom and when, start here: a real header block has a sender or date and two more. */
export function headerBlock(lines: readonly string[], start: number): number | undefined {
  const kinds = new Set<FieldKind>();
  let evidence = false;
  let end = start;
  for (; end < lines.length && end < start + 10; end += 1) {
    const line = lines[end] ?? '';
    const field = headerField(line);
    if (!field) {
      // Outlook wraps a long sender: its address alone on the next line.
      if (end > start && WRAPPED_ADDRESS.test(line)) {
        evidence = true;
        continue;
      }
      break;
    }
    kinds.add(field.kind);
    if (ADDRESS.test(field.value) || (field.kind === 'sent' && DATE_OR_TIME.test(field.value))) evidence = true;
  }
  const named = kinds.has('from') || kinds.has('sent');
  return named && kinds.size >= 3 && evidence ? end - start : undefined;
}
