/**
 * One page of a kept mail box for the back office: newest first, searched by
 * sender and subject when asked, each mail's sender against the address of
 * the enquiry the box suggests for it (sender-match.ts), with where the next
 * page starts as an opaque cursor (the place of the last message, so a mail
 * arriving meanwhile never shifts a page), and how many mails each box
 * holds, for the tabs.
 */
import { KEPT_MAIL_LIST_MAX, type KeptMailEntry, type KeptMailList } from '../../../shared/conversation/kept-mail';
import { KEPT_BOXES, type KeptBox } from '../../../shared/conversation/visitor-messages';
import { ApiError } from '../../platform/http/errors';
import type { KeptMail, KeptMailPlace, KeptMailStore } from '../ports';
import { type SenderMatchDeps, withSenderMatch } from './sender-match';

/** A kept mail as the box lists it: everything but where its raw message is and when it expires. */
export function entryOf(mail: KeptMail): KeptMailEntry {
  const { rawKey: _rawKey, expiresAt: _expiresAt, attachments, ...shown } = mail;
  return { ...shown, attachments: attachments ?? [] };
}

export function encodeCursor(place: KeptMailPlace): string {
  return Buffer.from(JSON.stringify([place.receivedAt, place.key]), 'utf8').toString('base64url');
}

const notOurs = () =>
  new ApiError('invalid_input', 'The cursor is not one this API gave out.', { after: 'As given in next' });

/** The place a cursor names; a clear 400 for anything this API did not give out. */
export function decodeCursor(cursor: string): KeptMailPlace {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw notOurs();
  const [receivedAt, key] = parsed as unknown[];
  if (typeof receivedAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z$/.test(receivedAt)) throw notOurs();
  if (typeof key !== 'string' || !/^kept#[\x21-\x7e]{1,595}$/.test(key)) throw notOurs();
  return { receivedAt, key };
}

export interface KeptMailListQuery {
  box: KeptBox;
  after?: string;
  search?: string;
}

/** One page of a box, each mail's sender checked against its suggested enquiry, and every box's count. */
export async function listKeptMail(
  deps: { keptMail: KeptMailStore } & SenderMatchDeps,
  query: KeptMailListQuery,
): Promise<KeptMailList> {
  const search = query.search?.trim().toLowerCase();
  const after = query.after === undefined ? undefined : decodeCursor(query.after);
  const [page, ...counts] = await Promise.all([
    deps.keptMail.inBox(query.box, {
      limit: KEPT_MAIL_LIST_MAX,
      ...(after ? { after } : {}),
      ...(search ? { search } : {}),
    }),
    ...KEPT_BOXES.map((box) => deps.keptMail.countBox(box)),
  ]);
  return {
    box: query.box,
    mails: await withSenderMatch(deps, page.mails.map(entryOf)),
    more: page.next !== undefined,
    ...(page.next ? { next: encodeCursor(page.next) } : {}),
    counts: Object.fromEntries(KEPT_BOXES.map((box, index) => [box, counts[index] ?? 0])) as Record<KeptBox, number>,
  };
}
