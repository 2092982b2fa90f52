/**
 * Moving an outbox mail to its next state (functions/mail/outbox/mail-delivery.ts):
 * only the worker whose move succeeds goes on, and a staff notification's
 * state is copied to its enquiry for the message box.
 */
import type { MailStatus } from '../../../shared/enquiries/enquiry';
import { type OutboxChange, type OutboxMail, SEALED_KINDS } from '../ports';
import type { AccountMailDeps, MailDeps } from './mail-deps';

/** What moving a mail needs: a staff notification's state is copied to its enquiry; a visitor's mail's Message-ID is recorded; an owner's notice reads the thread it gathers. */
export type MoveDeps = AccountMailDeps &
  Partial<Pick<MailDeps, 'enquiries' | 'sentMailIds' | 'translations' | 'events'>>;

/** States after which a mail is never sent again. */
const FINAL_STATES: readonly MailStatus[] = ['sent', 'failed', 'uncertain', 'skipped'];

/**
 * Moves a mail to its next state. `ownSend`: the move records the outcome of
 * this worker's own send, a mail it holds as "sending" that no other worker
 * touches before STALE_SENDING_MS.
 */
export async function move(deps: MoveDeps, mail: OutboxMail, wanted: OutboxChange, ownSend = false): Promise<boolean> {
  // A one-time link is a bearer secret: once the mail will never be sent again, its sealed words go too.
  const change: OutboxChange =
    SEALED_KINDS.includes(mail.kind) && FINAL_STATES.includes(wanted.status)
      ? { ...wanted, forgetContent: true }
      : wanted;
  // "sending" lasts a moment; the box shows the state before and after it.
  const copied = mail.kind === 'staff' && change.status !== 'sending';
  if (copied && ownSend) {
    // Nobody else can win this move, so the copy goes out beside it: one round trip fewer before the visitor's answer.
    const [moved] = await Promise.all([
      deps.outbox.transition(mail.mailId, mail, change),
      copyToEnquiry(deps, mail, change),
    ]);
    return moved;
  }
  const moved = await deps.outbox.transition(mail.mailId, mail, change);
  // From any other state another worker may have moved the mail first: only the winner copies.
  if (moved && copied) await copyToEnquiry(deps, mail, change);
  return moved;
}

/** The message box shows the staff mail's state; a failed copy is only a stale badge, never a lost mail. */
async function copyToEnquiry(deps: MoveDeps, mail: OutboxMail, change: OutboxChange): Promise<void> {
  await deps.enquiries
    ?.updateMail(mail.postIndex, { status: change.status, attempts: change.attempts })
    .catch((error: unknown) => {
      deps.log.warn('mail state not copied to the enquiry', {
        postIndex: mail.postIndex,
        errorName: error instanceof Error ? error.name : typeof error,
      });
    });
}
