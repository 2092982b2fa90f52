/**
 * Visitors answering while the load runs: the mailbox emulator is
 * watched for mails to the load's visitors; every reply staff sent is
 * answered, and one visitor in ANSWER_ACK_EVERY answers the acknowledgement
 * too, before any reply. Answers go by turns by mail (to the mail's Reply-To,
 * with its In-Reply-To, through the SMTP door) and on the visitor's page (the
 * link the mail carries), a few at a time. Each answer carries a token of its
 * own, so the check after the run finds it in whichever thread it landed.
 * The hostile mail (hostile-mail.ts) picks its patients from the mails the
 * watch saw, and has a patient answer by mail after the forger's volume.
 */
import type { CapturedMail } from '../../tests/support/stack';
import { summarise } from '../support';
import { type Sending, sendByMail, sendOnPage } from './answer-senders';
import type { LoadFigures } from './figures';

export type AnswerChannel = 'mail' | 'page';

export interface SentAnswer {
  /** The visitor's address, and the enquiry its mail was about. */
  email: string;
  postIndex: number;
  channel: AnswerChannel;
  /** What it answers: the acknowledgement (before any reply) or a reply staff sent. */
  answering: 'acknowledgement' | 'reply';
  /** In the answer's text: how it is found in a thread. */
  token: string;
  sending?: Sending;
}

export interface AnswerRun {
  answers: SentAnswer[];
  /** Every mail to a load visitor the watch has seen, in the order seen. */
  seen: CapturedMail[];
  /** Answers this mail to a load visitor by mail, whatever the turn (until `stop`). */
  answerByMail(mail: CapturedMail): void;
  /** Stops taking new mails to answer; resolves when every answer taken is sent (or given up). */
  stop(): Promise<void>;
}

/** One visitor in this many answers their acknowledgement, before any reply. */
const ANSWER_ACK_EVERY = 10;
/** Answers in flight at once. */
const SENDERS = 6;
const WATCH_EVERY_MS = 1_000;
/** The SES emulator stamps mails in whole seconds: the watch looks back a little and skips what it saw. */
const WATCH_OVERLAP_S = 3;

const LOAD_VISITOR = /^load-(\d+)@example\.test$/;
/** The staff client's reply subjects (bench/load/staff.ts). */
const REPLY_SUBJECT = /^Load reply /;
/** The visitor's page link a mail to the visitor carries; its fragment is the link the page posts. */
const PAGE_LINK = /\/my-enquiry\/[a-z]{2}#([\w.-]+)/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The load visitor a mail went to, the enquiry it is about and what it is; undefined for a mail to anyone else. */
export function toLoadVisitor(mail: CapturedMail) {
  const email = mail.destination.to[0] ?? '';
  const visitor = Number(LOAD_VISITOR.exec(email)?.[1]);
  const postIndex = Number(/MT-(\d+)/.exec(mail.subject)?.[1]);
  if (!visitor || !postIndex) return undefined;
  const answering: SentAnswer['answering'] = REPLY_SUBJECT.test(mail.subject) ? 'reply' : 'acknowledgement';
  return { email, visitor, postIndex, answering };
}

/** An answer to a mail to a load visitor, by the channel given, with a token of its own. */
const answerOf = (
  { email, postIndex, answering }: NonNullable<ReturnType<typeof toLoadVisitor>>,
  channel: AnswerChannel,
): SentAnswer => ({ email, postIndex, channel, answering, token: `load-answer-${crypto.randomUUID()}` });

/** The answer a mail to a load visitor gets by turns, if any. */
function answerTo(mail: CapturedMail, answered: number): SentAnswer | undefined {
  const to = toLoadVisitor(mail);
  if (!to || (to.answering === 'acknowledgement' && to.visitor % ANSWER_ACK_EVERY !== 0)) return undefined;
  return answerOf(to, answered % 2 === 0 ? 'mail' : 'page');
}

export function startAnswering(
  stack: { url: string; mailboxUrl: string; inboundSmtp: { host: string; port: number } },
  figures: LoadFigures,
): AnswerRun {
  const answers: SentAnswer[] = [];
  const seenMails: CapturedMail[] = [];
  const queue: { answer: SentAnswer; mail: CapturedMail }[] = [];
  const take = (answer: SentAnswer, mail: CapturedMail) => {
    answers.push(answer);
    queue.push({ answer, mail });
  };
  const seen = new Set<string>();
  let watching = true;
  let watched = false;

  const send = async ({ answer, mail }: { answer: SentAnswer; mail: CapturedMail }): Promise<Sending> => {
    const text = `Thank you. ${answer.token}`;
    if (answer.channel === 'page')
      return sendOnPage(stack.url, PAGE_LINK.exec(mail.body.text ?? '')?.[1] ?? '', text, figures);
    const inReplyTo = `<${mail.messageId}@email.amazonses.com>`;
    return sendByMail(
      stack.inboundSmtp,
      {
        from: answer.email,
        to: mail.replyTo?.[0] ?? '',
        subject: `Re: ${mail.subject}`,
        // Answered as a mail program does: the new words above the quoted mail.
        text: `${text}\n\n> ${(mail.body.text ?? '').split('\n').slice(0, 3).join('\n> ')}`,
        inReplyTo,
        references: inReplyTo,
        date: new Date(),
        messageId: `<${answer.token}@mail.example>`,
      },
      figures,
    );
  };

  const watch = async () => {
    while (watching) {
      const since = Math.floor(Date.now() / 1000) - WATCH_OVERLAP_S;
      const response = await fetch(`${stack.mailboxUrl}/store?since=${since}`).catch(() => undefined);
      const mails = response?.ok ? ((await response.json()) as { emails: CapturedMail[] }).emails : [];
      for (const mail of mails) {
        if (seen.has(mail.messageId)) continue;
        seen.add(mail.messageId);
        if (toLoadVisitor(mail)) seenMails.push(mail);
        const answer = answerTo(mail, answers.length);
        if (answer) take(answer, mail);
      }
      await sleep(WATCH_EVERY_MS);
    }
  };
  const sender = async () => {
    while (!watched || queue.length > 0) {
      const next = queue.shift();
      if (!next) {
        await sleep(100);
        continue;
      }
      next.answer.sending = await send(next);
    }
  };
  const watcher = watch().finally(() => {
    watched = true;
  });
  const running = Promise.all([watcher, ...Array.from({ length: SENDERS }, sender)]);
  return {
    answers,
    seen: seenMails,
    answerByMail(mail) {
      const to = toLoadVisitor(mail);
      if (to) take(answerOf(to, 'mail'), mail);
    },
    async stop() {
      watching = false;
      await running;
    },
  };
}

/** The answers' figures for the report: how many by which way, their tries, and how long until they were in the thread. */
export function answerFigures(answers: readonly SentAnswer[]) {
  const by = (channel: AnswerChannel) => answers.filter((answer) => answer.channel === channel);
  const sum = (items: readonly SentAnswer[], count: (sending: Sending) => number) =>
    items.reduce((total, answer) => total + (answer.sending ? count(answer.sending) : 0), 0);
  // A refusal followed by another try: all of them but the last of an answer that never got through.
  const retriedRefusals = (sending: Sending) => sending.refusals.slice(0, sending.retries);
  const mail = by('mail');
  const page = by('page');
  const { p50, p95 } = summarise(
    answers.flatMap((answer) => (answer.sending?.toThreadMs !== undefined ? [answer.sending.toThreadMs] : [])),
  );
  return {
    byMail: mail.length,
    byPage: page.length,
    answeringAcknowledgement: answers.filter((answer) => answer.answering === 'acknowledgement').length,
    answeringReply: answers.filter((answer) => answer.answering === 'reply').length,
    mail: {
      attempts: sum(mail, (sending) => sending.attempts),
      retriesAfter4xx: sum(mail, (sending) => retriedRefusals(sending).filter((kind) => /^4\d\d$/.test(kind)).length),
      retriesAfterDroppedConnection: sum(
        mail,
        (sending) => retriedRefusals(sending).filter((kind) => kind === 'network error').length,
      ),
    },
    page: {
      attempts: sum(page, (sending) => sending.attempts),
      retries: sum(page, (sending) => sending.retries),
      misled: sum(page, (sending) => sending.misled),
    },
    toThreadMs: { p50: Math.round(p50), p95: Math.round(p95) },
  };
}
