/**
 * The local stack's SMTP door: what SES receiving is in production, on
 * 127.0.0.1 (`INBOUND_SMTP_PORT`, 2525 for `npm start`, a free one for the
 * tests). It takes mail only for the inbound domain (anything else: 550), says
 * how large a message may be (SIZE, INBOUND_MAX_BYTES) and refuses a larger one
 * (552), stores each message in the local inbound bucket and runs the very
 * function production runs on it (functions/conversation/). When storing or
 * filing fails it answers 451, a temporary failure: the sender keeps the
 * message and sends it again, and the message is stored once.
 *
 * No TLS and no sign-in: it listens on this machine's loopback only, for mail
 * clients and `swaks` on this machine. Nothing checks the sender here (no SPF,
 * DKIM, DMARC, spam or virus verdicts): every message carries
 * NOT_CHECKED_LOCALLY, which quarantines nothing.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { INBOUND_RAW_PREFIX, NOT_CHECKED_LOCALLY } from '../../shared/conversation/visitor-messages';
import { processInboundMessage } from '../../functions/conversation/inbound-processing';
import type { InboundDeps } from '../../functions/conversation/inbound-types';
import type { Log } from '../../functions/platform/logging';
import { LOOPBACK } from '../emulators/loopback';

export interface SmtpDoor {
  host: string;
  port: number;
  /** The only domain it takes mail for (INBOUND_DOMAIN). */
  domain: string;
  stop(): Promise<void>;
}

/** An answer to the SMTP client with its reply code. */
const refusal = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** The message's bytes, none kept past `maxBytes` (the rest is read and let go: the message is refused). */
function readAll(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= maxBytes) chunks.push(chunk);
    });
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

export async function startSmtpDoor(deps: InboundDeps, options: { port: number; log: Log }): Promise<SmtpDoor> {
  const domain = deps.settings.INBOUND_DOMAIN.toLowerCase();
  const server = new SMTPServer({
    name: domain,
    banner: 'Medical tourism centre, local inbound mail (this machine only)',
    size: deps.settings.INBOUND_MAX_BYTES,
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    // A client that stops talking is let go; Ctrl-C does not wait for one.
    socketTimeout: 60_000,
    closeTimeout: 1_000,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${domain}`)) callback();
      else callback(refusal(550, `Mail for ${domain} only`));
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readAll(stream, deps.settings.INBOUND_MAX_BYTES);
        if (stream.sizeExceeded)
          return callback(refusal(552, `Message larger than ${deps.settings.INBOUND_MAX_BYTES} bytes`));
        const rawKey = `${INBOUND_RAW_PREFIX}${randomUUID()}`;
        try {
          await deps.inbound.putRaw(rawKey, raw);
          const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
          const outcome = await processInboundMessage(deps, {
            rawKey,
            recipients,
            verdicts: NOT_CHECKED_LOCALLY,
            receivedAt: deps.clock.now(),
          });
          callback(
            null,
            outcome.outcome === 'thread' ? `Filed in enquiry ${outcome.postIndex}` : `Kept (${outcome.box})`,
          );
        } catch (error) {
          options.log.warn('received mail not filed: the sender is asked to try again', {
            errorName: error instanceof Error ? error.name : typeof error,
          });
          callback(refusal(451, 'Temporary failure, please try again later'));
        }
      })().catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });
  // An error after the start (a client's broken connection) is the client's, not the door's.
  server.on('error', (error) => options.log.debug('smtp door', { errorName: error.name }));
  return {
    host: LOOPBACK,
    port: (server.server.address() as AddressInfo).port,
    domain,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
