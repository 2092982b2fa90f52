/**
 * Removing an enquiry everywhere the product keeps it: the item, its history
 * and notes, its mails in the outbox (with a reply's text), the visitor's
 * messages received by mail (their raw messages and attachments in the
 * inbound bucket), the received mail kept apart about it (with its raw
 * message), its submission claim, its place under its tags, and the
 * export files (which hold many visitors' rows); the counters
 * follow, so totals and work lists stay right; a tombstone says when, why
 * and by whom. Used by the retention job and by an admin acting on a
 * visitor's request (the right to erasure), who can first export all of it
 * (the right of access).
 */
import { createHmac } from 'node:crypto';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { RETENTION, enquiryRetentionMs, keptMailRetentionMs, spamRetentionMs } from '../../shared/privacy/retention';
import { KEPT_BOXES } from '../../shared/conversation/visitor-messages';
import type { ErasureAnswer } from '../../shared/privacy/privacy-schema';
import type { AppDeps } from '../deps';
import type { EnquiryEvent } from '../work/ports';
import type { KeptMail, KeptMailStore } from '../conversation/ports';
import { toRecord } from '../enquiries/enquiry-record';
import { contextOf, recordTombstone, removeEnquiry } from './enquiry-removal';
import type { EnquiryRemovalDeps, ErasureDeps } from './erasure-deps';
import { keptMailFrom, removeKeptMail } from '../conversation/enquiry-part';
import type { EnquiryPartsGiven, EnquiryPartsSubjectData, SubjectPartsTables } from '../enquiry-parts';
import type { BaseDeps } from '../platform/deps';

/**
 * The address as an erasure records it: an HMAC, so a second request can be
 * recognised without keeping the address, and nobody holding the table alone
 * can test addresses against it (a plain hash of an address is guessed from
 * a list of addresses). The key is derived from the token secret for this
 * use only; a new token secret (a rotation) starts a new series.
 */
export function subjectHash(tokenSecret: string, email: string): string {
  const key = createHmac('sha256', tokenSecret).update('erasure tombstones').digest();
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
}

/** What the right of access hands over of a received mail kept apart: what the inbound mail table holds of it, never where its raw message is. */
export type KeptMailData = Pick<
  KeptMail,
  | 'receivedAt'
  | 'box'
  | 'reason'
  | 'recipients'
  | 'from'
  | 'subject'
  | 'postIndex'
  | 'suggestedIndex'
  | 'verdicts'
  | 'attachments'
>;

/** One enquiry as the right of access hands it over: its record, its history, and what every part adds (its mails, ...). */
export type SubjectEnquiry = EnquiryRecord & { history: Omit<EnquiryEvent, 'postIndex'>[] } & EnquiryPartsSubjectData;

export interface SubjectData {
  email: string;
  enquiries: SubjectEnquiry[];
  /** The mail received from the address that went into no thread (unmatched, quarantined, auto-replies, refused), newest first. */
  keptMail: KeptMailData[];
}

/** What the right of access reads: the enquiry core's stores, every part's, and the mail kept apart. */
export type SubjectDeps = Pick<EnquiryRemovalDeps, 'enquiries' | 'events'> &
  SubjectPartsTables &
  EnquiryPartsGiven &
  BaseDeps & { keptMail: KeptMailStore };

/** One visitor's enquiries with their history and what every part keeps (the right of access), oldest first, and the mail kept apart from their address. */
export async function subjectData(deps: SubjectDeps, email: string): Promise<SubjectData> {
  const address = email.trim().toLowerCase();
  const keptMail = (await keptMailFrom(deps.keptMail, address)).map(
    ({ key: _key, rawKey: _rawKey, expiresAt: _expiresAt, ...mail }): KeptMailData => mail,
  );
  const indexes = (await deps.enquiries.byEmail(address)).sort((a, b) => a - b);
  const enquiries = await Promise.all(
    indexes.map(async (index): Promise<SubjectEnquiry | undefined> => {
      const enquiry = await deps.enquiries.get(index);
      if (!enquiry) return undefined;
      const context = await contextOf(deps, enquiry);
      const parts = await Promise.all(deps.enquiryParts.map((part) => part.subjectData?.(deps, context)));
      return {
        ...toRecord(enquiry),
        history: context.history.map(({ postIndex: _index, ...event }) => event),
        ...(Object.assign({}, ...parts) as EnquiryPartsSubjectData),
      };
    }),
  );
  return { email: address, enquiries: enquiries.filter((entry) => entry !== undefined), keptMail };
}

/**
 * Erases every enquiry of one address (the right to erasure), except those
 * under a legal hold, and the mail kept apart from that address (but what is
 * about a held enquiry); records a tombstone.
 */
export async function eraseSubject(
  deps: ErasureDeps,
  actor: string,
  email: string,
  reason: string,
): Promise<ErasureAnswer> {
  const address = email.trim().toLowerCase();
  const indexes = await deps.enquiries.byEmail(address);
  const erased: number[] = [];
  const held: number[] = [];
  for (const index of indexes) {
    const enquiry = await deps.enquiries.get(index);
    if (!enquiry) continue;
    if (enquiry.LEGAL_HOLD !== undefined) held.push(index);
    else {
      await removeEnquiry(deps, enquiry);
      erased.push(index);
    }
  }
  const fromAddress = (await keptMailFrom(deps.keptMail, address)).filter(
    (mail) => !held.includes(mail.postIndex ?? mail.suggestedIndex ?? 0),
  );
  const keptMailRemoved = await removeKeptMail(deps, fromAddress);
  // Export files hold rows of many visitors and expire within a day anyway: none is left to hold this one's.
  const exportFilesRemoved = erased.length ? await deps.exports.removeAll() : 0;
  await recordTombstone(deps, {
    actor,
    reason,
    kind: 'request',
    count: erased.length,
    subjectHash: subjectHash(deps.settings.TOKEN_SECRET, email),
  });
  deps.log.info('enquiries erased on request', { count: erased.length, held: held.length, keptMailRemoved });
  return {
    erased: erased.sort((a, b) => a - b),
    held: held.sort((a, b) => a - b),
    keptMailRemoved,
    exportFilesRemoved,
    backupDays: RETENTION.backupDays,
  };
}

/** Where each list's retention ends now: before these instants, an enquiry's last activity is too old. */
export function retentionCutoffs(now: number): { ALL: string; SPAM: string } {
  return {
    ALL: new Date(now - enquiryRetentionMs()).toISOString(),
    SPAM: new Date(now - spamRetentionMs()).toISOString(),
  };
}

/** How many enquiries the next retention run will remove (read from the activity index: never a scan). */
export async function retentionDue(
  deps: Pick<AppDeps, 'enquiries' | 'clock'>,
): Promise<{ enquiries: number; spam: number }> {
  const cutoffs = retentionCutoffs(deps.clock.now());
  const [enquiries, spam] = await Promise.all([
    deps.enquiries.countInactive('ALL', cutoffs.ALL),
    deps.enquiries.countInactive('SPAM', cutoffs.SPAM),
  ]);
  return { enquiries, spam };
}

/** Removes the received mail kept apart whose period (keptMailRetentionMs) has ended, with its raw message, a batch per box: how many. */
async function removeExpiredKeptMail(deps: ErasureDeps, batch: number): Promise<number> {
  let removed = 0;
  for (const box of KEPT_BOXES) {
    const before = new Date(deps.clock.now() - keptMailRetentionMs(box)).toISOString();
    removed += await removeKeptMail(deps, await deps.keptMail.arrivedBefore(box, before, batch));
  }
  return removed;
}

/**
 * The scheduled job: removes enquiries whose last activity is older than the
 * retention period (spam after its shorter one), oldest first, a batch at a
 * time; an enquiry under a legal hold stays. Then the received mail kept
 * apart past its period, with its raw message. One tombstone per run.
 */
export async function runRetention(deps: ErasureDeps, batch = 100): Promise<{ removed: number }> {
  const cutoffs = retentionCutoffs(deps.clock.now());
  const keptMailRemoved = await removeExpiredKeptMail(deps, batch);
  if (keptMailRemoved) deps.log.info('kept mail past its period removed', { keptMailRemoved });
  let removed = 0;
  for (const list of ['ALL', 'SPAM'] as const) {
    for (const index of await deps.enquiries.inactive(list, cutoffs[list], batch)) {
      const enquiry = await deps.enquiries.get(index);
      if (!enquiry || enquiry.LEGAL_HOLD !== undefined) continue;
      await removeEnquiry(deps, enquiry);
      removed += 1;
    }
  }
  if (removed) {
    await recordTombstone(deps, {
      actor: 'retention',
      reason: 'retention period ended',
      kind: 'retention',
      count: removed,
    });
    deps.log.info('retention run', { removed });
  }
  return { removed };
}
