/** The back office's calls for merging duplicate enquiries (the routes of functions/merging/). */
import type { RelatedEnquiries } from '../../../../shared/merging/related-enquiries';
import { apiPath } from '../../../../shared/routes';
import { staffFetch } from '../core/api';

/** The same visitor's other enquiries, newest first. */
export async function loadRelated(index: number): Promise<RelatedEnquiries> {
  return (await (await staffFetch(apiPath('relatedEnquiries', { index }))).json()) as RelatedEnquiries;
}
