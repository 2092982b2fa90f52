/**
 * The kept mail box: staff list the received mail kept
 * apart from the threads, read one's text, attach one to an enquiry, or
 * discard one.
 *
 * Attaching files the mail exactly as the receiver files a matched one: the
 * same parse and event (`visitorMessageEvent`), the same written-once put
 * keyed by the message (its `kept#<at>` key's `at`), the same hand-on, so the
 * enquiry reacts as to any visitor's message. The steps, each safe to repeat:
 *
 * 1. claim: the kept item names the enquiry (`attachingTo`), so an attach
 *    that stopped half-way can be finished there only, never into a second
 *    thread;
 * 2. the visitor's message into the thread (a retry finds it there);
 * 3. the hand-on (`visitorWrote` does its work once);
 * 4. settle: the kept item becomes what stays of it (`HandledMail`), out of
 *    every box.
 *
 * Discarding removes the raw message from the bucket, then settles the item.
 * What stays keeps the key until the mail's own expiry, so the same message
 * received again is not kept again: a discarded mail stays discarded.
 *
 * Quarantined mail (a failing spam or authentication verdict) may be attached
 * only with `confirmQuarantine`; mail with a virus, and mail too large to have
 * been read, never (`attachBar`).
 */
import {
  type KeptMailAttached,
  type KeptMailDiscarded,
  type KeptMailText,
  attachBar,
  needsConfirmation,
} from '../../../shared/conversation/kept-mail';
import type { KeptMailAttachRequest } from '../../../shared/conversation/kept-mail-schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import { workableEnquiry } from '../../work/enquiry-work';
import { visitorMessageStored } from '../receiving/hand-on';
import { readMessage, threadText, visitorMessageEvent } from '../inbound-processing';
import type { InboundDeps, ReceivedMail } from '../inbound-types';
import { type HandledMail, type KeptMail, stillKept } from '../ports';

export type KeptMailDeps = Pick<AppDeps, 'keptMail' | 'inbound' | 'settings' | 'clock' | 'log'>;
export type AttachDeps = KeptMailDeps &
  Pick<InboundDeps, 'enquiries' | 'events'> &
  Parameters<typeof visitorMessageStored>[0];

const KEPT_PREFIX = 'kept#';

const gone = (key: string) =>
  new ApiError('not_found', `There is no kept mail ${key} (never kept, expired, or attached or discarded).`);

/** The kept mail under a key, still in its box; a clear 404 otherwise. */
export async function keptOrRefused(deps: Pick<KeptMailDeps, 'keptMail'>, key: string): Promise<KeptMail> {
  const item = await deps.keptMail.get(key);
  if (!stillKept(item)) throw gone(key);
  return item;
}

/** The raw message of a kept mail, read; a raw message that is no longer there (or was never read: too large) is a clear 410. */
export async function readKept(deps: KeptMailDeps, mail: KeptMail) {
  if (mail.reason === 'too_large')
    throw new ApiError('invalid_input', 'This mail was too large to be read; it can only be discarded.', {
      key: 'A mail that was read',
    });
  if (mail.reason === 'unreadable')
    throw new ApiError(
      'invalid_input',
      'This mail could not be parsed; it is kept as it came and can only be discarded.',
      {
        key: 'A mail that was read',
      },
    );
  const raw = await deps.inbound.getRaw(mail.rawKey, deps.settings.INBOUND_MAX_BYTES).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'NoSuchKey')
      throw new ApiError('expired', 'The raw message of this mail is no longer in the bucket.');
    throw error;
  });
  if (!(raw instanceof Uint8Array))
    throw new ApiError('invalid_input', 'This mail is too large to be read; it can only be discarded.', {
      key: 'A mail that was read',
    });
  return readMessage(raw, Date.parse(mail.receivedAt));
}

/** A kept mail's new text, read from its raw message as the thread would keep it. */
export async function keptMailText(deps: KeptMailDeps, key: string): Promise<KeptMailText> {
  const mail = await keptOrRefused(deps, key);
  return { key, ...threadText(await readKept(deps, mail)) };
}

/** What stays of a handled mail (`handled` says what was done). */
function handledOf(
  deps: KeptMailDeps,
  mail: KeptMail,
  handled: HandledMail['handled'],
  by: string,
  postIndex?: number,
): HandledMail {
  return {
    key: mail.key,
    handled,
    handledAt: new Date(deps.clock.now()).toISOString(),
    handledBy: by,
    ...(postIndex !== undefined ? { postIndex } : {}),
    expiresAt: mail.expiresAt,
  };
}

/** An attach asked again after it was done: the same enquiry answers as before; another is a conflict. */
async function attachedBefore(deps: KeptMailDeps, key: string, postIndex: number): Promise<KeptMailAttached> {
  const item = await deps.keptMail.get(key);
  if (item && !stillKept(item) && item.handled === 'attached') {
    if (item.postIndex === postIndex) return { key, postIndex, firstTime: false };
    throw new ApiError('conflict', `This mail was attached to enquiry ${item.postIndex} already.`);
  }
  if (stillKept(item))
    throw new ApiError(
      'conflict',
      `This mail is being attached to enquiry ${item.attachingTo}: attach it there to finish.`,
    );
  throw gone(key);
}

/** Attaches a kept mail to an enquiry's thread (see the top of this file); the staff member is `by`. */
export async function attachKeptMail(
  deps: AttachDeps,
  by: string,
  request: KeptMailAttachRequest,
): Promise<KeptMailAttached> {
  const { key, index } = request;
  const item = await deps.keptMail.get(key);
  if (!stillKept(item)) return attachedBefore(deps, key, index);
  const bar = attachBar(item);
  if (bar)
    throw new ApiError(
      'invalid_input',
      bar === 'virus'
        ? 'A virus was found in this mail: it can only be discarded.'
        : 'This mail was too large to be read; it can only be discarded.',
      { key: 'A mail that may be attached' },
    );
  if (needsConfirmation(item) && request.confirmQuarantine !== true) {
    throw new ApiError(
      'invalid_input',
      'This mail failed a spam or sender check: confirm that it goes into the thread.',
      { confirmQuarantine: 'Confirm (true) to attach a quarantined mail' },
    );
  }
  if (item.attachingTo !== undefined && item.attachingTo !== index) return attachedBefore(deps, key, index);
  const enquiry = await workableEnquiry(deps, index);
  const message = await readKept(deps, item);
  if (!key.startsWith(KEPT_PREFIX) || key.slice(KEPT_PREFIX.length) !== message.at)
    throw new Error(`attachKeptMail: ${key} is not the key of the message it names`);
  if (!(await deps.keptMail.claim(key, index))) return attachedBefore(deps, key, index);

  const received: ReceivedMail = {
    rawKey: item.rawKey,
    recipients: item.recipients,
    verdicts: item.verdicts,
    receivedAt: Date.parse(item.receivedAt),
  };
  const event = await visitorMessageEvent(deps, received, message, enquiry, by);
  const firstTime = await deps.events.addOnce(event);
  await visitorMessageStored(deps, event, firstTime);
  await deps.keptMail.settle(handledOf(deps, item, 'attached', by, index));
  deps.log.info('kept mail attached', { postIndex: index, box: item.box, firstTime });
  return { key, postIndex: index, firstTime };
}

/** Discards a kept mail: its raw message out of the bucket, then the item settled (see the top of this file). */
export async function discardKeptMail(deps: KeptMailDeps, by: string, key: string): Promise<KeptMailDiscarded> {
  const item = await deps.keptMail.get(key);
  if (item && !stillKept(item)) {
    if (item.handled === 'discarded') return { key, firstTime: false };
    throw new ApiError(
      'conflict',
      `This mail was attached to enquiry ${item.postIndex}; it is part of that thread now.`,
    );
  }
  if (!item) throw gone(key);
  // Half attached: its raw message is what the thread's message names.
  if (item.attachingTo !== undefined)
    throw new ApiError(
      'conflict',
      `This mail is being attached to enquiry ${item.attachingTo}: attach it there to finish.`,
    );
  // A kept mail's attachments were never stored (only listed), so its raw message is all the bucket holds of it.
  await deps.inbound.remove([item.rawKey]);
  if (!(await deps.keptMail.settle(handledOf(deps, item, 'discarded', by)))) {
    // Handled meanwhile: by another discard (the same answer as a second call), or claimed by an attach.
    const now = await deps.keptMail.get(key);
    if (now && 'handled' in now && now.handled === 'discarded') return { key, firstTime: false };
    throw new ApiError('conflict', 'This mail was attached to an enquiry meanwhile.');
  }
  deps.log.info('kept mail discarded', { box: item.box });
  return { key, firstTime: true };
}
