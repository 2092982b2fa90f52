/**
 * One received mail, filed: the function production runs once per message
 * (SES receiving stores the raw message in the inbound bucket, then invokes
 * it) and the local SMTP door runs after storing it there. The mail goes into
 * its enquiry's thread as the visitor's message, or is kept apart in the
 * inbound mail table, so nothing is dropped:
 *
 * 1. larger than INBOUND_MAX_BYTES: refused (never read whole);
 * 2. a failing verdict (spam, virus, DMARC, or SPF and DKIM both): quarantine;
 * 3. written by a machine (auto-reply.ts: its headers, else its subject's
 *    marker): the auto-reply box, with the enquiry it answers, never answered;
 * 4. an authenticated sender (sender-authentication.ts) past its limit:
 *    refused; an unauthenticated From is never counted, anyone can write it;
 * 5. no enquiry (thread-matching.ts), a forged reply address, an address or
 *    mail staff have replaced since (replaced-address.ts), or an enquiry
 *    that is gone: the unmatched box, with the subject's reference as a
 *    suggestion only;
 * 6. past the enquiry's limit for its standing of sender (the visitor's own
 *    authenticated mail, others', unauthenticated mail; inbound-filing.ts):
 *    refused;
 * 7. else: its new text (reply-text.ts), its attachments (attachments.ts),
 *    into the thread, then handed on (hand-on.ts).
 *
 * Every write is keyed by the message (its Date or received time and a hash
 * of its bytes; one the parser gives up on without a usable Date, by the hash
 * alone), so the same message processed again (a retry after a failure, the
 * SMTP sender sending it again) is stored once. When a write
 * fails, this throws: the caller retries (Lambda's retries, then its
 * dead-letter queue; the SMTP door answers a temporary failure), and the raw
 * message stays in the bucket.
 */
import { createHash } from 'node:crypto';
import { type ParsedMail, simpleParser } from 'mailparser';
import {
  type Verdicts,
  VISITOR_TEXT_MAX,
  type VisitorMessage,
  WHOLE_TEXT_MAX,
} from '../../shared/conversation/visitor-messages';
import { oneLine } from '../mail/html-text';
import type { StoredEnquiry } from '../enquiries/ports';
import type { EnquiryEvent } from '../work/ports';
import { keepAttachments, listedByName } from './kept-mail/attachments';
import { autoReplySign } from './receiving/auto-reply';
import {
  type Limit,
  enquiryLimit,
  filed,
  filedAlready,
  keepApart,
  overLimit,
  releaseCounts,
  senderLimit,
  senderStanding,
} from './inbound-filing';
import type { InboundDeps, InboundOutcome, ReceivedMail } from './inbound-types';
import { splitReply } from './receiving/reply-text';
import { forwardSubject } from './receiving/quote-markers';
import { receivedText, senderAddress } from './receiving/received-text';
import { unreadableHead } from './receiving/unreadable-mail';
import { matchEnquiry, suggestedEnquiry } from './receiving/thread-matching';
import { answeredEnquiry } from './receiving/replaced-address';
import { senderAuthenticated } from './receiving/sender-authentication';

const SUBJECT_MAX = 300;
/**
 * The longest HTML part read as text (when a message has no text part): a
 * real answer's HTML, quoted history and all, is far shorter, and converting
 * a 10 MiB one takes seconds. A longer one is kept, its text marked unread.
 */
const HTML_TO_TEXT_MAX_CHARS = 3 * 1024 * 1024;
/** How far before its receipt a message's own Date may be and still date it (a sender retrying for days); later than the receipt, a clock is wrong. */
const PLAUSIBLE_DATE_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;
const PLAUSIBLE_DATE_AFTER_MS = 5 * 60 * 1000;

/**
 * Whether the verdicts put a message in quarantine: spam or a virus found, or
 * the sender's domain failing its own DMARC policy, or neither SPF nor DKIM
 * passing with one of them failing. SPF alone fails on every forwarded mail,
 * so it is only a warning in the thread.
 */
export function quarantined(verdicts: Verdicts): boolean {
  if (verdicts.spam === 'FAIL' || verdicts.virus === 'FAIL' || verdicts.dmarc === 'FAIL') return true;
  return (verdicts.spf === 'FAIL' || verdicts.dkim === 'FAIL') && verdicts.spf !== 'PASS' && verdicts.dkim !== 'PASS';
}

/** A message's key: its time and its bytes' mark (`<ISO time>#m<hash>`), the hash, and whether the time is its own Date. */
export interface MessageKey {
  at: string;
  hash: string;
  /** What of the key the bytes alone make (`m<hash>`): the same in every key of the same message. */
  mark: string;
  dated: boolean;
}

/**
 * The message's key, the same each time it is received: its own Date when
 * that is plausible (a sender sending it again keeps it), else when it was
 * received, and a hash of its bytes. Its history line sorts by the time.
 */
export function messageKey(raw: Uint8Array, date: Date | undefined, receivedAt: number): MessageKey {
  const stamped = date?.getTime();
  const dated =
    stamped !== undefined &&
    Number.isFinite(stamped) &&
    stamped >= receivedAt - PLAUSIBLE_DATE_BEFORE_MS &&
    stamped <= receivedAt + PLAUSIBLE_DATE_AFTER_MS;
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 32);
  const mark = `m${hash.slice(0, 16)}`;
  return { at: `${new Date(dated ? stamped : receivedAt).toISOString()}#${mark}`, hash, mark, dated };
}

/**
 * The kept key of a message the parser gave up on: by its own Date and
 * bytes, or by its bytes alone when it names no usable date. It never goes
 * into a thread, so it needs no time to sort by, and a sender sending it
 * again (a new receipt time) must find it kept.
 */
export function unreadableKey(raw: Uint8Array, date: Date | undefined, receivedAt: number): string {
  const { at, mark, dated } = messageKey(raw, date, receivedAt);
  return dated ? `kept#${at}` : `kept#undated#${mark}`;
}

/** A Message-ID our next mail may name in its headers: printable ASCII in angle brackets, short. */
function usableMessageId(id: string | undefined): string | undefined {
  return id && /^<[\x21-\x3b\x3d\x3f-\x7e]{1,250}>$/.test(id) ? id : undefined;
}

/** A received message as mailparser reads it, with its key and what every box shows of it. */
export interface ReadMessage {
  parsed: ParsedMail;
  /** Its key's time and hash (messageKey): its event's `at` in a thread, `kept#<at>` apart. */
  at: string;
  hash: string;
  /** The sender's address, lower case ('' when it names none). */
  from: string;
  subject: string;
}

/** Reads a raw message: the one parse the receiver and the kept mail box both use. */
export async function readMessage(raw: Uint8Array, receivedAt: number): Promise<ReadMessage> {
  const parsed = await simpleParser(Buffer.from(raw), {
    maxHtmlLengthToParse: HTML_TO_TEXT_MAX_CHARS,
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
  });
  const { at, hash } = messageKey(raw, parsed.date, receivedAt);
  const from = senderAddress(parsed.from?.value[0]?.address);
  return { parsed, at, hash, from, subject: oneLine(parsed.subject ?? '').slice(0, SUBJECT_MAX) };
}

/** What a message's thread entry says: its new text (at most VISITOR_TEXT_MAX characters), and its whole text when that says more. */
export type ThreadText = { text: string } & Pick<
  VisitorMessage,
  'cut' | 'whole' | 'wholeCut' | 'shownInFull' | 'textUnreadable'
>;

/**
 * The new text of a message (its quoted history and signature left out, or
 * the whole when it has no new text), and beside it the whole text whenever
 * the new one leaves something out: each cut to its limit, and said so.
 */
export function threadText(message: ReadMessage): ThreadText {
  const whole = receivedText(message.parsed.text ?? '');
  const { text, trimmed, shownInFull } = splitReply(whole, { forwarded: forwardSubject(message.subject) });
  return {
    text: text.slice(0, VISITOR_TEXT_MAX),
    ...(text.length > VISITOR_TEXT_MAX ? { cut: true } : {}),
    ...(trimmed ? { whole: whole.trim().slice(0, WHOLE_TEXT_MAX) } : {}),
    ...(trimmed && whole.trim().length > WHOLE_TEXT_MAX ? { wholeCut: true } : {}),
    ...(shownInFull ? { shownInFull } : {}),
    ...(message.parsed.textConversionError && !whole.trim() ? { textUnreadable: true } : {}),
  };
}

/**
 * The visitor's message a received mail becomes in an enquiry's thread, its
 * attachments kept on the way (under keys made from the message, so a retry
 * writes the same objects): what the receiver files, and what a staff member
 * attaches from the kept mail box (`attachedBy`).
 */
export async function visitorMessageEvent(
  deps: Pick<InboundDeps, 'inbound'>,
  mail: ReceivedMail,
  message: ReadMessage,
  enquiry: StoredEnquiry,
  attachedBy?: string,
): Promise<EnquiryEvent> {
  const { text, ...told } = threadText(message);
  const messageId = usableMessageId(message.parsed.messageId);
  const visitor: VisitorMessage = {
    channel: 'mail',
    subject: message.subject,
    receivedAt: new Date(mail.receivedAt).toISOString(),
    verdicts: mail.verdicts,
    attachments: await keepAttachments(deps.inbound, message.hash, message.parsed.attachments),
    fromEnquiryAddress: message.from !== '' && message.from === enquiry.EMAIL.trim().toLowerCase(),
    senderVerified: senderAuthenticated(message.parsed, mail.verdicts),
    ...told,
    ...(messageId ? { messageId } : {}),
    rawKey: mail.rawKey,
    ...(attachedBy ? { attachedBy } : {}),
  };
  return {
    postIndex: enquiry.POST_INDEX,
    at: message.at,
    type: 'visitorMessage',
    channel: 'mail',
    actor: message.from,
    text,
    visitor,
  };
}

export async function processInboundMessage(deps: InboundDeps, mail: ReceivedMail): Promise<InboundOutcome> {
  const { settings } = deps;
  const raw = await deps.inbound.getRaw(mail.rawKey, settings.INBOUND_MAX_BYTES);
  if (!(raw instanceof Uint8Array)) {
    const key = `kept#${new Date(mail.receivedAt).toISOString()}#size-${mail.rawKey}`;
    return keepApart(deps, mail, { key, box: 'refused', reason: 'too_large' });
  }

  let message: ReadMessage;
  try {
    message = await readMessage(raw, mail.receivedAt);
  } catch (error) {
    // The parser gives up on some mail (a header past 1 MiB, more than 1,000 parts): kept as it came, never retried for ever.
    const { from, subject, date } = unreadableHead(raw);
    deps.log.warn('received mail unreadable', { error: error instanceof Error ? error.message : String(error) });
    return keepApart(deps, mail, {
      key: unreadableKey(raw, date, mail.receivedAt),
      ...(from ? { from } : {}),
      ...(subject ? { subject } : {}),
      box: 'refused',
      reason: 'unreadable',
    });
  }
  const { parsed, at, from, subject } = message;
  const about = {
    key: `kept#${at}`,
    ...(from ? { from } : {}),
    ...(subject ? { subject } : {}),
    ...(parsed.attachments.length ? { attachments: listedByName(parsed.attachments) } : {}),
  };

  if (quarantined(mail.verdicts)) return keepApart(deps, mail, { ...about, box: 'quarantine', reason: 'verdict' });

  const addressing = { secret: settings.REPLY_ADDRESS_SECRET, domain: settings.INBOUND_DOMAIN };
  const match = await matchEnquiry(addressing, deps.sentMailIds, {
    recipients: mail.recipients,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
  });
  const automatic = autoReplySign(parsed.headers, from, subject);
  if (automatic)
    // Kept with the enquiry it answers, so staff see whose it is and the enquiry's erasure takes it.
    return keepApart(deps, mail, {
      ...about,
      box: 'auto-reply',
      reason: automatic.by === 'headers' ? 'auto_reply' : 'auto_reply_subject',
      ...(match.kind === 'enquiry' ? { postIndex: match.postIndex } : {}),
    });
  const authenticated = senderAuthenticated(parsed, mail.verdicts);
  const counted: Limit[] = [];
  let stored = false;
  try {
    const refused = async (reason: string, postIndex?: number): Promise<InboundOutcome> => {
      // Past a limit, a message an earlier try filed is still filed: its retry is not refused.
      const earlier = match.kind === 'enquiry' ? await filedAlready(deps, match.postIndex, at) : undefined;
      if (earlier) return filed(deps, earlier, false, counted);
      return keepApart(deps, mail, {
        ...about,
        box: 'refused',
        reason,
        ...(postIndex !== undefined ? { postIndex } : {}),
      });
    };
    if (authenticated && (await overLimit(deps, counted, senderLimit(from, settings))))
      return await refused('sender_limit');
    const suggestion = suggestedEnquiry(subject);
    const unmatched = { ...about, box: 'unmatched' as const, ...(suggestion ? { suggestedIndex: suggestion } : {}) };
    if (match.kind === 'forged') return await keepApart(deps, mail, { ...unmatched, reason: 'forged' });
    if (match.kind === 'none') return await keepApart(deps, mail, { ...unmatched, reason: 'no_match' });
    // An answer to an enquiry merged into another lands in that one.
    const answered = await answeredEnquiry(deps, match);
    if (answered.kind === 'gone') return await keepApart(deps, mail, { ...unmatched, reason: 'enquiry_gone' });
    const { enquiry } = answered;
    if (answered.kind === 'replaced')
      return await keepApart(deps, mail, { ...unmatched, reason: 'address_replaced', postIndex: enquiry.POST_INDEX });
    const standing = senderStanding(from, authenticated, enquiry);
    if (await overLimit(deps, counted, enquiryLimit(enquiry.POST_INDEX, standing, settings)))
      return await refused(standing === 'unauthenticated' ? 'unverified_limit' : 'enquiry_limit', enquiry.POST_INDEX);

    const event = await visitorMessageEvent(deps, mail, message, enquiry);
    const firstTime = await deps.events.addOnce(event);
    stored = true;
    return await filed(deps, event, firstTime, counted);
  } catch (error) {
    // Not stored: the counts go back, so the retry is not refused for this message's own tries.
    if (!stored) await releaseCounts(deps, counted);
    throw error;
  }
}
