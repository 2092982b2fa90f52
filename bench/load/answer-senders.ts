/**
 * How a visitor's answer is sent, and sent again, in the load run: by mail
 * through the stack's SMTP door as a mail server sends it (the same bytes
 * each time; a 4xx answer or a dropped connection is tried again after a
 * growing pause, a bounded number of times; a 5xx is a bounce), or on their
 * page (POST /api/visitor/message; a refusal of the server or a dropped
 * connection is sent again with the same message id, as the page does, so a
 * retry never doubles it). Each try is timed into the load's figures.
 */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { apiPath } from '../../shared/routes';
import { type LoadFigures, timedFetch, toldHonestly } from './figures';
import { pauseMs } from './visitors';

export const SMTP_ROUTE = 'SMTP DATA (inbound door)';
export const PAGE_ROUTE = 'POST /api/visitor/message';

/** What became of one answer's sending. */
export interface Sending {
  /** `stored`: the door took it (filed or kept apart) or the page stored it; `bounced`: the door refused it for good; `gaveUp`: every try failed. */
  outcome: 'stored' | 'bounced' | 'gaveUp';
  attempts: number;
  /** Tries after a temporary failure (SMTP 4xx, the page's 5xx) or a dropped connection. */
  retries: number;
  /** From the first try to the answer that said it is in the thread (ms): the door and the route answer after storing it there. */
  toThreadMs?: number;
  /** The enquiry the door said it filed the mail in. */
  filedIn?: number;
  /** What each refused try was answered. */
  refusals: string[];
  /** Refusals of the page that did not tell the visitor the truth in a usable way (figures.ts `toldHonestly`). */
  misled: number;
}

/** A mail server gives up after this many tries (real ones over days; here over about a minute). */
const MAIL_TRIES = 10;
const MAIL_PAUSE_FIRST_MS = 500;
const MAIL_PAUSE_MAX_MS = 8_000;
/** The page's sends of one message before the visitor stops (the page shows the error and keeps the text). */
const PAGE_TRIES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SmtpDoorAddress {
  host: string;
  port: number;
}

/** The SMTP reply code of a failed send; undefined when the connection failed before one. */
const replyCode = (error: unknown) => (error as { responseCode?: number }).responseCode;

/**
 * Sends one mail through the door until it is taken (250) or bounced (5xx), retrying 4xx and dropped connections with
 * back-off; each try timed as `route` (hostile mail apart from the visitors' answers).
 */
export async function sendByMail(
  door: SmtpDoorAddress,
  mail: Mail.Options & { from: string; to: string },
  figures: LoadFigures,
  route = SMTP_ROUTE,
): Promise<Sending> {
  // Composed once: a retry sends the very same bytes (Date, Message-ID and all), as a mail server's queue does.
  const raw = await new MailComposer(mail).compile().build();
  const sending: Sending = { outcome: 'gaveUp', attempts: 0, retries: 0, refusals: [], misled: 0 };
  const started = performance.now();
  for (let attempt = 1; attempt <= MAIL_TRIES; attempt += 1) {
    sending.attempts = attempt;
    // The door offers no TLS (this machine only): the client is told not to ask for it.
    const transport = nodemailer.createTransport({ host: door.host, port: door.port, secure: false, ignoreTLS: true });
    const tryStarted = performance.now();
    try {
      const { response } = (await transport.sendMail({ envelope: { from: mail.from, to: [mail.to] }, raw })) as {
        response: string;
      };
      figures.record(route, performance.now() - tryStarted, undefined);
      // "Filed in enquiry N", or "Kept (box)": the check after the run finds a kept one out of its thread.
      const filedIn = /Filed in enquiry (\d+)/.exec(response)?.[1];
      return {
        ...sending,
        outcome: 'stored',
        ...(filedIn ? { filedIn: Number(filedIn), toThreadMs: performance.now() - started } : {}),
      };
    } catch (error) {
      const code = replyCode(error);
      const kind = code === undefined ? 'network error' : String(code);
      figures.record(route, performance.now() - tryStarted, kind);
      sending.refusals.push(kind);
      if (code !== undefined && code >= 500) return { ...sending, outcome: 'bounced' };
      if (attempt < MAIL_TRIES) {
        sending.retries += 1;
        await sleep(Math.min(MAIL_PAUSE_FIRST_MS * 2 ** (attempt - 1), MAIL_PAUSE_MAX_MS));
      }
    } finally {
      transport.close();
    }
  }
  return sending;
}

/** Writes one message on the visitor's page until it is stored, sending the same message id again after a refusal. */
export async function sendOnPage(baseUrl: string, link: string, text: string, figures: LoadFigures): Promise<Sending> {
  const message = { link, text, message_id: crypto.randomUUID(), website: '', form_fill_ms: 12_000 };
  const sending: Sending = { outcome: 'gaveUp', attempts: 0, retries: 0, refusals: [], misled: 0 };
  const started = performance.now();
  for (let attempt = 1; attempt <= PAGE_TRIES; attempt += 1) {
    sending.attempts = attempt;
    const answer = await timedFetch(figures, PAGE_ROUTE, `${baseUrl}${apiPath('visitorMessage')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: message }),
    });
    if (answer.status === 200) return { ...sending, outcome: 'stored', toThreadMs: performance.now() - started };
    sending.refusals.push(answer.kind ?? String(answer.status));
    if (!toldHonestly(answer)) sending.misled += 1;
    // 4xx other than a rate limit would be the same again: the page shows it and the visitor stops.
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return { ...sending, outcome: 'bounced' };
    if (attempt < PAGE_TRIES) {
      sending.retries += 1;
      await sleep(pauseMs(answer, attempt));
    }
  }
  return sending;
}
