/** The routes of the kept mail box: a box's list, one mail's text and its translation, attach, discard (the service: kept-mail.ts). */
import {
  keptMailAttachSchema,
  keptMailDiscardSchema,
  keptMailKeyQuerySchema,
  keptMailListQuerySchema,
  keptMailTranslateSchema,
} from '../../../shared/conversation/kept-mail-schema';
import { parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../../accounts/staff-auth/staff';
import { type AttachDeps, type KeptMailDeps, attachKeptMail, discardKeptMail, keptMailText } from './kept-mail';
import { listKeptMail } from './kept-mail-list';
import type { SenderMatchDeps } from './sender-match';
import { type KeptMailTranslationDeps, translateKeptMail } from './kept-mail-translation';

/** `GET /api/kept-mail?box=unmatched[&search=][&after=]`: a page of the box's mails, newest first, who sent them and why, never their text; every box's count. */
export function makeKeptMailHandler(deps: StaffAuthDeps & Pick<KeptMailDeps, 'keptMail'> & SenderMatchDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const query = parseInput(keptMailListQuerySchema, request.query);
    await audit('keptmail.list', query.search ? `${query.box} search` : query.box);
    return json(200, await listKeptMail(deps, query));
  });
}

/** `GET /api/kept-mail/text?key=`: one kept mail's new text, read from its raw message. */
export function makeKeptMailTextHandler(deps: StaffAuthDeps & KeptMailDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { key } = parseInput(keptMailKeyQuerySchema, request.query);
    // Logged first: a patient's mail is never read without its access-log record.
    await audit('keptmail.read', key);
    return json(200, await keptMailText(deps, key));
  });
}

/** `POST /api/kept-mail/translate`: `{ data: { key, again? } }` -> `{ key, translation? }`, the mail's new text in Korean, made now. */
export function makeKeptMailTranslationHandler(deps: StaffAuthDeps & KeptMailTranslationDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const translate = parseInput(keptMailTranslateSchema, jsonPayload(request));
    // Logged first: a patient's mail is never read without its access-log record.
    await audit('keptmail.translate', translate.again ? `${translate.key} again` : translate.key);
    return json(200, await translateKeptMail(deps, translate));
  });
}

/** `POST /api/kept-mail/attach`: `{ data: { key, index, confirmQuarantine? } }` -> `{ key, postIndex, firstTime }`. */
export function makeAttachKeptMailHandler(deps: StaffAuthDeps & AttachDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const attach = parseInput(keptMailAttachSchema, jsonPayload(request));
    await audit('keptmail.attach', `${attach.key} -> ${attach.index}`);
    return json(200, await attachKeptMail(deps, staff.email, attach));
  });
}

/** `POST /api/kept-mail/discard`: `{ data: { key } }` -> `{ key, firstTime }`. */
export function makeDiscardKeptMailHandler(deps: StaffAuthDeps & KeptMailDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const { key } = parseInput(keptMailDiscardSchema, jsonPayload(request));
    await audit('keptmail.discard', key);
    return json(200, await discardKeptMail(deps, staff.email, key));
  });
}
