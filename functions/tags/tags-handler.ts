/** The routes of tags: changing an enquiry's tags, and the tags in use. */
import { tagsChangeSchema } from '../../shared/tags/tags-schema';
import { parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { type TagDeps, changeTags, tagsInUse } from './tags';

/** `POST /api/enquiry/tags`: `{ data: { index, add?, remove? } }` -> the record as it is now. */
export function makeTagsHandler(deps: StaffAuthDeps & TagDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const change = parseInput(tagsChangeSchema, jsonPayload(request));
    // Logged first: a change must never happen without its access-log record.
    await audit('enquiry.tags', JSON.stringify(change));
    return json(200, await changeTags(deps, staff.email, change));
  });
}

/** `GET /api/tags`: the tags in use with how many enquiries carry each, the most used first. */
export function makeTagsInUseHandler(deps: StaffAuthDeps & Pick<TagDeps, 'tagIndex'>) {
  return staffHandler(deps, async ({ audit }) => {
    await audit('tags.list', '-');
    return json(200, await tagsInUse(deps));
  });
}
