/**
 * The visitor's page's routes (public: the link in the JSON body, never the
 * URL, so no log keeps it; refused from other sites as the enquiry form is),
 * and the staff route that replaces a visitor's links.
 */
import {
  visitorLinkReplaceSchema,
  visitorMessageSchema,
  visitorReadSchema,
} from '../../shared/visitor/visitor-page-schema';
import { parseInput } from '../platform/http/errors';
import { httpHandler } from '../platform/http/handler';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { assertSameSite } from '../platform/http/same-site';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { orConflict } from '../platform/http/conflict';
import { type VisitorMessageDeps, type VisitorReadDeps, readByLink, writeVisitorMessage } from './visitor-page';
import { type ReplaceLinkDeps, replaceVisitorLink } from './visitor-link-replace';

/** `POST /api/visitor/enquiry`: `{ data: { link } }` -> what the page shows; 404 for a link that opens nothing. */
export function makeVisitorEnquiryHandler(deps: VisitorReadDeps & Pick<VisitorMessageDeps, 'log'>) {
  return httpHandler(deps, async ({ request }) => {
    assertSameSite(request);
    const { link } = parseInput(visitorReadSchema, jsonPayload(request));
    return json(200, await readByLink(deps, request.clientAddress, link));
  });
}

/** `POST /api/visitor/message`: `{ data: { link, text, message_id, website?, form_fill_ms? } }` -> the page's view with the message in it. */
export function makeVisitorMessageHandler(deps: VisitorMessageDeps) {
  return httpHandler(deps, async ({ request }) => {
    assertSameSite(request);
    const message = parseInput(visitorMessageSchema, jsonPayload(request));
    return json(200, await writeVisitorMessage(deps, request.clientAddress, message));
  });
}

/** `POST /api/enquiry/visitor-link`: `{ data: { index, version } }` -> `{ record, mailStatus }`; 409 with the enquiry as it is when it changed meanwhile. */
export function makeReplaceVisitorLinkHandler(deps: StaffAuthDeps & ReplaceLinkDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const change = parseInput(visitorLinkReplaceSchema, jsonPayload(request));
    // Logged first: a change must never happen without its access-log record.
    await audit('enquiry.visitor_link', String(change.index));
    return orConflict(() => replaceVisitorLink(deps, staff.email, change));
  });
}
