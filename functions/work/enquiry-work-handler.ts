/** The routes that work an enquiry: status and owner, notes, replies, its thread, the visitor's messages read. */
import { noteSchema, replySchema, seenSchema, workChangeSchema } from '../../shared/work/enquiry-work-schema';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { orConflict } from '../platform/http/conflict';
import { eligibleOwners } from './enquiry-owners';
import { type ReplyDeps, type WorkDeps, addNote, changeWork, readThread, sendReply } from './enquiry-work';
import { markSeen } from './visitor-wrote';
import { translationsOf } from '../translation/staff/staff-translations';
import { messageSource } from '../translation/translation-queue';
import { enquiryIndexParam } from '../enquiries/enquiry-index-param';
import { withAttachmentScans } from '../conversation/kept-mail/attachment-scans';

/** `POST /api/enquiry/work`: `{ data: { index, version, status?, owner? } }` -> the record as it is now. */
export function makeWorkHandler(deps: StaffAuthDeps & WorkDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const change = parseInput(workChangeSchema, jsonPayload(request));
    // Logged first: a change must never happen without its access-log record.
    await audit('enquiry.work', JSON.stringify(change));
    return orConflict(() => changeWork(deps, staff.email, change));
  });
}

/** `GET /api/owners`: the addresses an enquiry may be given to (active staff members and admins), for the owner picker. */
export function makeOwnersHandler(deps: StaffAuthDeps) {
  return staffHandler(deps, async ({ audit }) => {
    const owners = await eligibleOwners(deps);
    await audit('enquiry.owners', '-');
    return json(200, owners);
  });
}

/** `POST /api/enquiry/note`: `{ data: { index, text } }` -> the note as stored in the history. */
export function makeNoteHandler(deps: StaffAuthDeps & WorkDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const note = parseInput(noteSchema, jsonPayload(request));
    await audit('enquiry.note', String(note.index));
    return json(200, await addNote(deps, staff.email, note.index, note.text));
  });
}

/** `POST /api/enquiry/reply`: `{ data: { index, version, subject, body } }` -> the record and the reply's delivery state. */
export function makeReplyHandler(deps: StaffAuthDeps & ReplyDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const reply = parseInput(replySchema, jsonPayload(request));
    await audit('enquiry.reply', String(reply.index));
    return orConflict(() => sendReply(deps, staff.email, reply));
  });
}

/**
 * `POST /api/enquiry/seen`: `{ data: { index, unreadAt } }` -> `{ cleared }`.
 * The detail page calls it when its owner (anyone, while nobody owns it)
 * opens an enquiry with a visitor's message unread (visitor-wrote.ts).
 */
export function makeSeenHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries'>) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const seen = parseInput(seenSchema, jsonPayload(request));
    await audit('enquiry.seen', String(seen.index));
    return json(200, await markSeen(deps, staff.email, seen));
  });
}

/**
 * `GET /api/thread/{index}`: the enquiry's history, notes and replies, oldest first; each visitor message with its
 * translation, and each of its kept attachments with where its malware scan stands (its object's tag).
 */
export function makeThreadHandler(
  deps: StaffAuthDeps &
    Pick<AppDeps, 'enquiries' | 'events' | 'outbox' | 'translations'> & {
      inbound: Pick<AppDeps['inbound'], 'scanResult'>;
    },
) {
  return staffHandler(deps, async ({ request, audit }) => {
    const index = enquiryIndexParam(request);
    const enquiry = await deps.enquiries.get(index);
    await audit('enquiry.thread', String(index));
    if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${index}.`);
    const [thread, translations] = await Promise.all([
      readThread(deps, enquiry.POST_INDEX).then((entries) => withAttachmentScans(deps.inbound, entries)),
      translationsOf(deps, enquiry.POST_INDEX),
    ]);
    return json(
      200,
      thread.map((entry) => {
        const translation = entry.type === 'visitorMessage' ? translations.get(messageSource(entry.at)) : undefined;
        return translation ? { ...entry, translation } : entry;
      }),
    );
  });
}
