/**
 * What a visitor wrote this time in an answer by mail, told apart from the
 * mail they answered (quoted below, above or between their lines) and from
 * their mail program's signature line. Nothing is lost by it: the receiver
 * keeps the whole text beside the new one (staff open it with one click), and
 * an answer in which no new text is found is shown whole.
 *
 * The rules, line by line, in one pass (linear in the text's length):
 *
 * - `>` lines are quoted, and so is the attribution just above them; what the
 *   visitor wrote between or below them is theirs (inline and bottom posting).
 *   A single `>` line is quoted only when a space or `>` follows the mark, so
 *   a blood pressure written ">140/90" stays;
 * - an attribution that names an address ("On … <no-reply@…> wrote:"), a
 *   header block (From, Sent, To, Subject: Outlook, Naver, QQ) or a separator
 *   naming the original ("-----Original Message-----") starts the quoted mail
 *   with no `>` marks: everything below it is quoted (quote-markers.ts);
 * - a forward's start ("---------- Forwarded message ---------") is content:
 *   the forwarded letter is kept as the visitor's message, whole;
 * - at the end of what the visitor wrote, the client's own line ("Sent from
 *   my iPhone", client-signatures.ts) and a short signature below "-- " are
 *   left out; a sign-off the visitor typed ("Kind regards") and a P.S. after
 *   it are theirs.
 *
 * reply-text.test.ts holds a sample of each rule; `npm run bench:replies`
 * measures them against public corpora and a message of each client.
 */
import { attribution, bareRule, forwardStart, headerBlock, namedSeparator } from './quote-markers';
import { clientSignature, listFooter, signatureSeparator } from './client-signatures';

/** How much of a text is read for the new one: a visitor's answer is far shorter; what is past it is kept whole, not parsed. */
export const PARSE_MAX_CHARS = 200_000;
/** The most lines below "-- " that are taken for a signature (a name, a phone, an address). */
const SIGNATURE_MAX_LINES = 6;
const SIGNATURE_LINE_MAX = 100;

export interface SplitReply {
  /** What the visitor wrote this time; the whole text when nothing new was found in it. */
  text: string;
  /** Whether `text` leaves something of the whole out (quoted mail, a signature). */
  trimmed: boolean;
  /** Whether no new text was found, so `text` is the whole message. */
  shownInFull: boolean;
}

/** A quoted line: `>` (and `>>` …), or The Bat!'s initials before it ("MC>"). */
const QUOTE_MARK = /^\s*(?:>|\p{Lu}{1,3}>)/u;
/** A quoted line that is a quote by itself: the mark (with The Bat!'s initials or not) followed by a space, another mark, or nothing. */
const PLAIN_QUOTE = /^\s*(?:\p{Lu}{1,3})?>(?:[\s>]|$)/u;

function isQuoted(line: string): boolean {
  return QUOTE_MARK.test(line);
}

/** The index after the last quoted line of the run starting at `start` (blank lines inside the run belong to it), and how many it has. */
function quotedRun(lines: readonly string[], start: number): { end: number; count: number } {
  let end = start;
  let count = 0;
  for (let index = start; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (isQuoted(line)) {
      count += 1;
      end = index + 1;
    } else if (line.trim() !== '') break;
  }
  return { end, count };
}

function nextNonBlank(lines: readonly string[], from: number): number | undefined {
  for (let index = from; index < lines.length; index += 1) if ((lines[index] ?? '').trim() !== '') return index;
  return undefined;
}

/** Whether the quoted mail starts at `index` with no `>` marks below (an address attribution, a header block, a separator). */
function unmarkedQuoteStart(trimmed: readonly string[], index: number): boolean {
  const line = trimmed[index] ?? '';
  if (namedSeparator(line) || headerBlock(trimmed, index) !== undefined) return true;
  if (!bareRule(line)) return false;
  const below = nextNonBlank(trimmed, index + 1);
  return below !== undefined && below <= index + 2 && headerBlock(trimmed, below) !== undefined;
}

/** Which lines are the visitor's own: every line but the quoted ones, their attributions and the unmarked quote at the end. */
function ownLines(lines: readonly string[]): boolean[] {
  const trimmed = lines.map((line) => line.trim());
  const own = lines.map(() => false);
  const keepFrom = (index: number) => own.fill(true, index);
  let index = 0;
  let attributed = false;
  let wroteSomething = false;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (isQuoted(line)) {
      const run = quotedRun(lines, index);
      const quote = attributed || run.count >= 2 || PLAIN_QUOTE.test(line);
      attributed = false;
      if (quote) {
        index = run.end;
        continue;
      }
    } else if (trimmed[index] !== '') {
      if (forwardStart(trimmed[index] ?? '')) return keepFrom(index);
      // A header block with nothing written above it is a forwarded letter, not a quote.
      if (unmarkedQuoteStart(trimmed, index)) return wroteSomething ? own : keepFrom(index);
      const header = attribution(trimmed, index);
      if (header) {
        const below = nextNonBlank(lines, index + header.lines);
        if (below !== undefined && isQuoted(lines[below] ?? '')) {
          attributed = true;
          index = below;
          continue;
        }
        if (header.strong) return own;
      }
      wroteSomething = true;
    }
    own[index] = true;
    index += 1;
  }
  return own;
}

function blank(line: string | undefined): boolean {
  return (line ?? '').trim() === '';
}

/** Leaves out, at the end of each run of own lines, the client's line, a short "-- " signature and a list's footer. */
function leaveOutSignatures(lines: readonly string[], own: boolean[]): void {
  let start = 0;
  while (start < lines.length) {
    if (!own[start]) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < lines.length && own[end]) end += 1;
    const footer = lines.slice(start, end).findIndex((_, offset) => listFooter(lines, start + offset));
    let last = footer < 0 ? end : start + footer;
    own.fill(false, last, end);
    const dropClientLines = () => {
      while (last > start && (blank(lines[last - 1]) || clientSignature(lines[last - 1] ?? ''))) {
        if (!blank(lines[last - 1])) own[last - 1] = false;
        last -= 1;
      }
    };
    dropClientLines();
    for (let index = last - 1; index >= start && index >= last - SIGNATURE_MAX_LINES - 1; index -= 1) {
      if (!signatureSeparator(lines[index] ?? '')) continue;
      if (lines.slice(index + 1, last).every((line) => line.length <= SIGNATURE_LINE_MAX)) {
        own.fill(false, index, last);
        last = index;
        dropClientLines();
      }
      break;
    }
    start = end;
  }
}

/**
 * Splits a received text (made plain by receivedText) into what the visitor
 * wrote this time, and says what was left out. A forward (its subject says
 * so) is content the visitor sends on: only the client's line is left out.
 */
export function splitReply(whole: string, context: { forwarded?: boolean } = {}): SplitReply {
  const full = whole.trim();
  const head = full.length > PARSE_MAX_CHARS ? full.slice(0, PARSE_MAX_CHARS) : full;
  const lines = head.split('\n').map((line) => line.trimEnd());
  const own = context.forwarded ? lines.map(() => true) : ownLines(lines);
  leaveOutSignatures(lines, own);
  // What was left out between two parts leaves their blank lines: one is enough.
  const text = lines
    .filter((_, index) => own[index])
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text === '') return { text: full, trimmed: false, shownInFull: full !== '' };
  return { text, trimmed: text !== full, shownInFull: false };
}
