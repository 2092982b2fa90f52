/**
 * Raw RFC 822 messages as the visitors' mail programs send them, for the
 * benchmark's own cases: a text part (or HTML only, or both as
 * multipart/alternative) in the charset and transfer encoding the client uses,
 * so the whole pipeline (MIME, charset decoding, then the reply parser) is
 * measured, not the parser alone. Written here rather than with nodemailer
 * because the cases need what nodemailer never produces: legacy charsets,
 * format=flowed, 8bit bodies with decomposed Vietnamese.
 */
import iconv from 'iconv-lite';

export type TransferEncoding = '7bit' | '8bit' | 'base64' | 'quoted-printable';

export interface MessageSpec {
  /** `Name <address>`; a non-ASCII name is sent as an encoded word. */
  from: string;
  to: string;
  subject: string;
  date: string;
  messageId: string;
  /** Extra header lines as the client writes them (X-Mailer, User-Agent). */
  headers?: readonly string[];
  /** The text part, lines joined by '\n' (sent with CRLF). */
  text?: string;
  /** The HTML part; with `text` too, the message is multipart/alternative. */
  html?: string;
  /** The charset both parts are encoded in (default UTF-8). */
  charset?: string;
  encoding?: TransferEncoding;
  /** RFC 3676 format=flowed on the text part (Thunderbird's default). */
  flowed?: boolean;
}

const CRLF = '\r\n';

/** An RFC 2047 encoded word (UTF-8, base64) when the value is not plain ASCII. */
export function encodedWord(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function mailbox(value: string): string {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(value);
  if (!match || !match[1]) return value;
  const name = match[1].replace(/^"|"$/g, '');
  return `${/^[\x20-\x7e]*$/.test(name) ? `"${name}"` : encodedWord(name)} <${match[2]}>`;
}

function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,76}/g) ?? []).join(CRLF);
}

/** Quoted-printable (RFC 2045) of text bytes: each '\n' a hard line break, soft breaks under 76 characters. */
export function quotedPrintable(bytes: Buffer): string {
  const out: string[] = [];
  let line = '';
  const push = (token: string) => {
    if (line.length + token.length > 75) {
      out.push(`${line}=`);
      line = '';
    }
    line += token;
  };
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x0a) {
      out.push(line);
      line = '';
      continue;
    }
    const next = bytes[i + 1];
    // A space or tab before a line end would be lost in transport: encoded.
    const atEnd = next === undefined || next === 0x0a;
    const printable = byte >= 0x21 && byte <= 0x7e && byte !== 0x3d;
    if (printable || ((byte === 0x20 || byte === 0x09) && !atEnd)) push(String.fromCharCode(byte));
    else push(`=${byte.toString(16).toUpperCase().padStart(2, '0')}`);
  }
  out.push(line);
  return out.join(CRLF);
}

function encodeBody(text: string, charset: string, encoding: TransferEncoding): string {
  const bytes = iconv.encode(text.replace(/\r\n?/g, '\n'), charset);
  if (encoding === 'base64') return base64Lines(Buffer.from(bytes.toString('binary').replace(/\n/g, '\r\n'), 'binary'));
  if (encoding === 'quoted-printable') return quotedPrintable(bytes);
  // 7bit and 8bit: the bytes as they are, lines ended with CRLF (kept as latin1 so no byte changes).
  return bytes.toString('latin1').replace(/\n/g, CRLF);
}

function part(type: 'plain' | 'html', body: string, spec: MessageSpec): string[] {
  const charset = spec.charset ?? 'UTF-8';
  const encoding = spec.encoding ?? '8bit';
  const flowed = type === 'plain' && spec.flowed ? '; format=flowed' : '';
  return [
    `Content-Type: text/${type}; charset="${charset}"${flowed}`,
    `Content-Transfer-Encoding: ${encoding}`,
    '',
    encodeBody(body, charset, encoding),
  ];
}

/** The raw bytes of the message (latin1 carries the already encoded body bytes unchanged). */
export function rawMessage(spec: MessageSpec): Buffer {
  const head = [
    `From: ${mailbox(spec.from)}`,
    `To: ${spec.to}`,
    `Subject: ${encodedWord(spec.subject)}`,
    `Date: ${spec.date}`,
    `Message-ID: ${spec.messageId}`,
    'MIME-Version: 1.0',
    ...(spec.headers ?? []),
  ];
  let body: string[];
  if (spec.text !== undefined && spec.html !== undefined) {
    const boundary = `=_alt_${spec.messageId.replace(/[^A-Za-z0-9]/g, '')}`;
    body = [
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      ...part('plain', spec.text, spec),
      `--${boundary}`,
      ...part('html', spec.html, spec),
      `--${boundary}--`,
    ];
  } else if (spec.html !== undefined) body = part('html', spec.html, spec);
  else body = part('plain', spec.text ?? '', spec);
  return Buffer.from([...head, ...body, ''].join(CRLF), 'latin1');
}

/** HTML-escaped text, each line ending in <br> (how webmail editors keep a typed line). */
export function htmlLines(lines: readonly string[]): string {
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return lines.map(escape).join('<br>');
}

/**
 * Vietnamese as windows-1258 holds it: the base letter precomposed where the
 * code page has it (â, ơ, ư …) and the tone mark as a combining character
 * after it. Decoded, such text is not NFC: "Từ" arrives as "Tư" + U+0300.
 */
export function windows1258Decomposed(text: string): string {
  const TONES = /[\u0300\u0301\u0303\u0309\u0323]/gu;
  return [...text.normalize('NFC')]
    .map((char) => {
      const split = char.normalize('NFD');
      const tones = split.match(TONES)?.join('') ?? '';
      return `${split.replace(TONES, '').normalize('NFC')}${tones}`;
    })
    .join('');
}
