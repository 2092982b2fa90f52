/**
 * Hostile mail while the load runs and its services fail: once load visitors
 * have their acknowledgements (seen by the answering run, answers.ts), four
 * of them are picked. At two, malformed mail (malformed-mail.ts) arrives, each
 * kind at both, spread over the faults of bench/load/fault-timeline.ts; at the
 * other two, forged mail in their name (forged-mail.ts), more than an
 * authenticated sender's hourly limit each, spread likewise; once a patient's
 * forgeries are taken, she answers her acknowledgement herself, by mail, and
 * that answer must be in her thread like any other (verify-answers.ts).
 * Every message goes through the SMTP door with the visitors' mail sender
 * (answer-senders.ts: a 4xx sent again, the same bytes, after a growing
 * pause); one sent twice is sent again a moment after its first sending
 * began, as a sending server that timed out waiting for the answer does,
 * while the first may still be under way.
 */
import type { InboundDeps } from '../../functions/conversation/inbound-types';
import { type AnswerRun, toLoadVisitor } from './answers';
import { sendByMail } from './answer-senders';
import type { LoadFigures } from './figures';
import { forgedMessages } from './forged-mail';
import type { HostileMessage, Patient } from './hostile-message';
import { malformedMessages } from './malformed-mail';

/** The door's tries of hostile mail, timed apart from the visitors' answers. */
export const HOSTILE_SMTP_ROUTE = 'SMTP DATA (inbound door, hostile)';
/** The share of visitors done from which hostile mail is sent, and until which (the faults play in between). */
const FROM_SHARE = 0.4;
const UNTIL_SHARE = 0.95;
/** Forged mails in a patient's name past an authenticated sender's hourly limit, had the From been counted. */
const FORGED_PAST_LIMIT = 5;
/** When the second sending of a message sent twice begins, after its first. */
const SENT_AGAIN_AFTER_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface HostileRun {
  /** Every hostile message, once built, with its sendings. */
  messages: HostileMessage[];
  /** Resolves when every message is sent (taken, bounced or given up) and the forged-at patients' answers queued. */
  done: Promise<void>;
}

/** The load visitors whose acknowledgement the watch has seen, each once. */
function acknowledgedPatients(answering: Pick<AnswerRun, 'seen'>): Patient[] {
  const patients = new Map<string, Patient>();
  for (const mail of answering.seen) {
    const to = toLoadVisitor(mail);
    const replyTo = mail.replyTo?.[0];
    if (!to || to.answering !== 'acknowledgement' || !replyTo || patients.has(to.email)) continue;
    patients.set(to.email, { email: to.email, postIndex: to.postIndex, replyTo, mail });
  }
  return [...patients.values()];
}

export function startHostileMail(
  stack: {
    inboundSmtp: { host: string; port: number };
    deps: { settings: Pick<InboundDeps['settings'], 'INBOUND_PER_SENDER_PER_HOUR'> };
  },
  figures: LoadFigures,
  answering: Pick<AnswerRun, 'seen' | 'answerByMail'>,
  /** How far the load has come, 0..1. */
  progress: () => number,
): HostileRun {
  const messages: HostileMessage[] = [];
  const send = (message: HostileMessage) =>
    sendByMail(
      stack.inboundSmtp,
      { from: message.from, to: message.to, raw: message.raw },
      figures,
      HOSTILE_SMTP_ROUTE,
    );

  /** Sends a message once the load is `share` done, and again a moment later when it is sent twice. */
  async function sendAt(share: number, message: HostileMessage) {
    while (progress() < share) await sleep(50);
    const sendings = [send(message)];
    if (message.sendTwice) sendings.push(sleep(SENT_AGAIN_AFTER_MS).then(() => send(message)));
    message.sendings.push(...(await Promise.all(sendings)));
  }

  const done = (async () => {
    while (progress() < FROM_SHARE || acknowledgedPatients(answering).length < 4) await sleep(200);
    const [first, second, third, fourth] = acknowledgedPatients(answering) as [Patient, Patient, Patient, Patient];
    const perPatient = stack.deps.settings.INBOUND_PER_SENDER_PER_HOUR + FORGED_PAST_LIMIT;
    const malformed = await malformedMessages([first, second]);
    const forged = await Promise.all([third, fourth].map((patient) => forgedMessages(patient, perPatient)));
    messages.push(...malformed, ...forged.flat());
    const shareOf = (index: number, count: number) => FROM_SHARE + ((UNTIL_SHARE - FROM_SHARE) * index) / count;
    await Promise.all([
      ...malformed.map((message, index) => sendAt(shareOf(index, malformed.length), message)),
      ...[third, fourth].map(async (patient, which) => {
        const hers = forged[which] ?? [];
        await Promise.all(hers.map((message, index) => sendAt(shareOf(index, hers.length), message)));
        // The forger's volume in her name must not have used up what she may send.
        answering.answerByMail(patient.mail);
      }),
    ]);
  })();
  return { messages, done };
}
