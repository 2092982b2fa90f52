/**
 * The benchmark's own messages, made at run time from the client table
 * (global-clients.ts, regional-clients.ts) and the texts (own-texts.ts): each
 * message is built line by line, every line marked as the patient's or not,
 * so its expected new text is exactly the patient's lines, never typed twice.
 */
import type { LocaleCode } from '../../shared/locales';
import type { ReplyCase } from './case';
import type { ClientStyle } from './client-style';
import { GLOBAL_CLIENTS } from './global-clients';
import { type TransferEncoding, htmlLines, rawMessage, windows1258Decomposed } from './mime';
import {
  ABOVE_FORWARD,
  ANSWER,
  CENTRE,
  CENTRE_MAIL,
  DOCTOR,
  DOCTOR_LETTER,
  ENQUIRY_SUBJECT,
  LOOKALIKES,
  PATIENT,
  QUESTIONS,
  SIGN_OFF,
} from './own-texts';
import { REGIONAL_CLIENTS } from './regional-clients';

/** A line of a message, and whether the patient wrote it (so it belongs in the expected text). */
interface Line {
  text: string;
  own: boolean;
}
const own = (lines: readonly string[]): Line[] => lines.map((text) => ({ text, own: true }));
const cut = (lines: readonly string[]): Line[] => lines.map((text) => ({ text, own: false }));

export function clientStyle(client: string, language: LocaleCode, change: Partial<ClientStyle> = {}): ClientStyle {
  const style = GLOBAL_CLIENTS[client] ?? REGIONAL_CLIENTS[client];
  if (!style) throw new Error(`No style for the client ${client}`);
  return { client, language, ...style(language), ...change };
}

function quoted(style: ClientStyle, lines: readonly string[]): string[] {
  if (style.quoting === 'angle') return lines.map((line) => (line ? `> ${line}` : '>'));
  if (style.quoting === 'tight') return lines.map((line) => `>${line}`);
  // The Bat! prefixes the sender's initials (Medical … Centre).
  if (style.quoting === 'initials') return lines.map((line) => (line ? `MC> ${line}` : 'MC>'));
  return [...lines];
}

function attribution(style: ClientStyle, wrapped: boolean): Line[] {
  const lines = wrapped && style.wrapped ? style.wrapped : style.attribution;
  if (style.attributionQuoted) return cut([...lines.map((line) => `> ${line}`), ...(style.gap ? ['>'] : [])]);
  return cut([...lines, ...(style.gap ? [''] : [])]);
}

const centreMail = (language: LocaleCode) => [...CENTRE_MAIL[language], '', CENTRE];
const history = (style: ClientStyle, wrapped = false) => [
  ...attribution(style, wrapped),
  ...cut(quoted(style, centreMail(style.language))),
];
const signature = (style: ClientStyle) => (style.signature ? cut(['', ...style.signature]) : []);

/** The ways an answer is written; each gives the message's lines. */
const BUILD = {
  'top-posted': (style: ClientStyle, text = ANSWER[style.language]) => [
    ...own(text),
    ...signature(style),
    ...cut(['', '']),
    ...history(style),
  ],
  'bottom-posted': (style: ClientStyle) => [
    ...own(style.greeting ?? []),
    ...history(style),
    ...cut(['']),
    ...own(ANSWER[style.language]),
    ...signature(style),
  ],
  inline: (style: ClientStyle) => {
    const { greeting, questions, answers } = QUESTIONS[style.language];
    return [
      ...own(style.greeting ?? []),
      ...attribution(style, false),
      ...cut(quoted(style, [greeting, questions[0]])),
      ...own(['', answers[0], '']),
      ...cut(quoted(style, [questions[1]])),
      ...own(['', answers[1], '']),
      ...cut(quoted(style, ['', CENTRE])),
      ...signature(style),
    ];
  },
  'quote header wrapped': (style: ClientStyle) => [
    ...own(ANSWER[style.language]),
    ...cut(['']),
    ...history(style, true),
  ],
  'forward alone': (style: ClientStyle) => own(forwarded(style)),
  'forward with a line above': (style: ClientStyle) => own([ABOVE_FORWARD[style.language], '', ...forwarded(style)]),
  'quote only': (style: ClientStyle) => [...signature(style), ...cut(['']), ...history(style)],
};
type Kind = keyof typeof BUILD | 'own header-like lines' | 'sign-off and P.S.';

function forwarded(style: ClientStyle): string[] {
  const letter = DOCTOR_LETTER[style.language];
  if (!style.forward) throw new Error(`${style.client} has no forward`);
  return [...style.forward, '', ...letter.lines, '', DOCTOR.name];
}

/** How a case's message travels, where it differs from the client's usual. */
interface Transport {
  charset?: string;
  encoding?: TransferEncoding;
  /** Sent as HTML only, the quoted mail in a <blockquote>. */
  htmlOnly?: true;
  /** Vietnamese as windows-1258 writes it, tone marks apart (mime.ts). */
  decomposed?: true;
}

interface Row {
  client: string;
  language: LocaleCode;
  kind: Kind;
  /** Which of the language's look-alike texts (own-texts.ts), for 'own header-like lines'. */
  lookalike?: number;
  style?: Partial<ClientStyle>;
  transport?: Transport;
  /** The kind as the table shows it, where the transport is the point (a charset, HTML only). */
  label?: string;
}

function lines(row: Row, style: ClientStyle): Line[] {
  const answer = ANSWER[row.language];
  if (row.kind === 'own header-like lines') {
    const lookalike = LOOKALIKES[row.language][row.lookalike ?? 0] ?? [];
    return BUILD['top-posted'](style, [...lookalike, '', ...answer]);
  }
  if (row.kind === 'sign-off and P.S.') return BUILD['top-posted'](style, [...answer, '', ...SIGN_OFF[row.language]]);
  return BUILD[row.kind](style);
}

/** The expected new text: the patient's lines, blank lines at either end left out. */
function expectedText(message: readonly Line[]): string {
  const kept = message.filter((line) => line.own).map((line) => line.text);
  while (kept.length > 0 && kept[0]?.trim() === '') kept.shift();
  while (kept.length > 0 && kept.at(-1)?.trim() === '') kept.pop();
  return kept.join('\n');
}

function html(message: readonly Line[], style: ClientStyle): string {
  const mine = message.filter((line) => line.own).map((line) => line.text);
  return [
    `<div>${htmlLines(mine)}</div>`,
    `<div><br></div><div class="quote"><div>${htmlLines(style.attribution)}</div>`,
    `<blockquote type="cite">${htmlLines(centreMail(style.language))}</blockquote></div>`,
  ].join('');
}

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function ownCase(row: Row, index: number): ReplyCase {
  const style = clientStyle(row.client, row.language, row.style);
  const message = lines(row, style);
  const text = `${message.map((line) => line.text).join('\n')}\n`;
  const transport = row.transport ?? {};
  const forward = row.kind.startsWith('forward');
  const kind = row.label ?? (row.kind === 'top-posted' && style.signature ? 'client signature' : row.kind);
  const id = `own/${slug(row.client)}-${row.language}-${slug(kind)}-${index}`;
  const sent = transport.decomposed ? windows1258Decomposed(text) : text;
  const raw = rawMessage({
    from: PATIENT[row.language],
    to: 'MT-000123 <reply+mt-000123@reply.medical-tourism.example>',
    subject: forward ? `Fwd: ${DOCTOR_LETTER[row.language].subject}` : `Re: ${ENQUIRY_SUBJECT}`,
    date: 'Thu, 13 Mar 2025 09:30:00 +0900',
    messageId: `<${id.slice(4)}@mail.example>`,
    headers: style.headers,
    ...(transport.htmlOnly
      ? { html: html(message, style) }
      : { text: sent, ...(style.multipart ? { html: `<div>${htmlLines(text.split('\n'))}</div>` } : {}) }),
    charset: transport.charset ?? style.charset ?? 'UTF-8',
    encoding: transport.encoding ?? style.encoding ?? '8bit',
    ...(style.flowed ? { flowed: true } : {}),
  });
  const expected = expectedText(message);
  return {
    id,
    corpus: 'own',
    client: row.client,
    language: row.language,
    kind,
    raw,
    expected,
    ...(row.kind === 'quote only' ? { quoteOnly: true as const } : {}),
  };
}

/** Every own case, from the table in own-cases.ts. */
export function ownCases(rows: readonly Row[]): ReplyCase[] {
  return rows.map(ownCase);
}
export type { Row as OwnCaseRow };
