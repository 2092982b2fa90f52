/** The back office's calls for tags (the routes of functions/tags/tags-handler.ts). */
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { TagInUse } from '../../../../shared/tags/tags';
import { apiPath } from '../../../../shared/routes';
import { staffFetch, staffPost } from '../core/api';

export async function changeTags(index: number, change: { add?: string[]; remove?: string[] }): Promise<EnquiryRecord> {
  return (await staffPost<EnquiryRecord>(apiPath('tags'), { data: { index, ...change } })).data;
}

/** The tags in use, the most used first, each with how many enquiries carry it. */
export async function loadTagsInUse(): Promise<TagInUse[]> {
  return (await (await staffFetch(apiPath('tagsInUse'))).json()) as TagInUse[];
}
