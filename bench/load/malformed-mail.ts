/**
 * Malformed mail for the load run, at a load visitor's reply address: what
 * the parser gives up on (a header section past its 1 MiB, 1,001 MIME parts,
 * bytes that are no message at all), kept once in the refused box as
 * unreadable; and what it reads but a thread could choke on (one line of
 * 80,000 `>` under an answer, an answer above megabytes of quoted mail),
 * filed once in the visitor's enquiry.
 */
import { randomBytes } from 'node:crypto';
import { formatReference } from '../../shared/work/enquiry-work';
import { rawMessage } from '../../tests/support/inbound-mail';
import { LARGE_INPUTS, quotedLines } from '../reply-parsing/large-messages';
import { type HostileMessage, type Patient, dateHeader, hostileMessage, rawMail } from './hostile-message';

/** The envelope sender of malformed mail: a broken or hostile sending server. */
export const MALFORMED_SENDER = 'mailer@broken.example';
const STRANGER = 'Stranger <stranger@elsewhere.example>';
/** Past mailsplit's 1 MiB for a header section (76-character lines). */
const PADDING_LINES = 14_000;
/** One more than mailsplit's 1,000 MIME nodes. */
const PARTS = 1_001;
/** Past the 1 MiB a head may be, none of it ever ending the head. */
const NOISE_BYTES = 1_200_000;
/**
 * Under INBOUND_MAX_BYTES (10 MiB): read and filed, its whole text cut. Not
 * larger: the whole stack runs in this one process, which a parse of it holds.
 */
const HUGE_QUOTE_BYTES = 2 * 1024 * 1024;

const unreadable = { kept: 'refused', reason: 'unreadable' } as const;
const filedIn = (patient: Patient) => ({ filedIn: patient.postIndex });

/** Header lines of a stranger's mail to the patient's reply address. */
const strangersHead = (patient: Patient, subject: string) => [
  `From: ${STRANGER}`,
  `To: ${patient.replyTo}`,
  `Subject: ${subject}`,
  dateHeader(),
];

export function headerPastLimit(patient: Patient): HostileMessage {
  const padding = Array.from({ length: PADDING_LINES }, () => `X-Padding: ${'a'.repeat(76)}`);
  return hostileMessage({
    kind: 'malformed',
    name: 'a header section past 1 MiB',
    from: MALFORMED_SENDER,
    to: patient.replyTo,
    raw: rawMail(
      [...strangersHead(patient, 'Huge header'), ...padding, 'MIME-Version: 1.0', 'Content-Type: text/plain'],
      'Hello\n',
    ),
    expected: unreadable,
  });
}

export function manyParts(patient: Patient): HostileMessage {
  const parts = Array.from({ length: PARTS }, (_, part) => `--p\nContent-Type: text/plain\n\npart ${part}\n`);
  return hostileMessage({
    kind: 'malformed',
    name: '1,001 MIME parts',
    from: MALFORMED_SENDER,
    to: patient.replyTo,
    raw: rawMail(
      [...strangersHead(patient, 'Many parts'), 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="p"'],
      `${parts.join('')}--p--\n`,
    ),
    expected: unreadable,
  });
}

/**
 * Bytes that are no message at all: no header, no Date, no sender, and no
 * line break, so the head never ends. Nothing in it names a time: only its
 * bytes can tell the same message sent again.
 */
export function notAMessage(patient: Patient): HostileMessage {
  // Random bytes with CR and LF moved away (a blank line would end the head and make the rest a readable body).
  const noise = Buffer.from(
    randomBytes(NOISE_BYTES).map((byte) => (byte === 0x0a || byte === 0x0d ? byte + 0x20 : byte)),
  );
  return hostileMessage({
    kind: 'malformed',
    name: 'no message at all',
    from: MALFORMED_SENDER,
    to: patient.replyTo,
    raw: Buffer.concat([noise, Buffer.from('\r\n')]),
    expected: unreadable,
  });
}

/** The patient's own answer, as her mail program writes it, above what a thread could choke on. */
async function answerAbove(patient: Patient, name: string, text: string): Promise<HostileMessage> {
  return hostileMessage({
    kind: 'malformed',
    name,
    from: patient.email,
    to: patient.replyTo,
    raw: await rawMessage({
      from: patient.email,
      to: patient.replyTo,
      subject: `Re: ${formatReference(patient.postIndex)}`,
      text,
      date: new Date(),
      messageId: `<${crypto.randomUUID()}@mail.example>`,
    }),
    expected: filedIn(patient),
  });
}

export const quoteMarks = (patient: Patient) =>
  answerAbove(patient, 'one line of 80,000 ">"', LARGE_INPUTS['one line of 80,000 ">"']());

export const hugeQuotedReply = (patient: Patient) =>
  answerAbove(patient, 'an answer above 2 MiB of quoted mail', quotedLines(HUGE_QUOTE_BYTES));

/** Each kind in the order sent. */
export const MALFORMED_KINDS = [headerPastLimit, manyParts, notAMessage, quoteMarks, hugeQuotedReply] as const;

/**
 * Every kind at each of two patients: the first of each kind is sent twice
 * (a sending server that missed the door's answer), the second once.
 */
export async function malformedMessages(patients: readonly [Patient, Patient]): Promise<HostileMessage[]> {
  const messages: HostileMessage[] = [];
  for (const build of MALFORMED_KINDS)
    for (const [index, patient] of patients.entries())
      messages.push({ ...(await build(patient)), sendTwice: index === 0 });
  return messages;
}
