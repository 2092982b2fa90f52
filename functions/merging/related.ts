/**
 * One visitor's other enquiries: those with the same address (its lower
 * case, EMAIL_KEY) or the same phone number once normalised (PHONE_KEY,
 * shared/merging/phone-key.ts), each read from its keys-only index, then the
 * newest RELATED_LIST_MAX of them in one batch read; and the merges it is
 * part of (those merged into it, the one it was merged into).
 */
import {
  RELATED_LIST_MAX,
  type RelatedEnquiries,
  type RelatedEnquiry,
  type RelatedMatch,
} from '../../shared/merging/related-enquiries';
import { type MergeLink, undoUntil } from '../../shared/merging/merges';
import { phoneKey } from '../../shared/merging/phone-key';
import { formatReference } from '../../shared/work/enquiry-work';
import type { StoredEnquiry } from '../enquiries/ports';
import type { MergingDeps } from './merging-deps';

export type RelatedDeps = Pick<MergingDeps, 'enquiries'>;

/** Another enquiry as the list shows it: which one it is and where it stands, none of its personal data. */
function relatedOf(other: StoredEnquiry, matchedBy: readonly RelatedMatch[]): RelatedEnquiry {
  return {
    POST_INDEX: other.POST_INDEX,
    REFERENCE: formatReference(other.POST_INDEX),
    MEDICAL_SECTION: other.MEDICAL_SECTION,
    DATE: other.DATE,
    ...(other.SPAM ? {} : { STATUS: other.STATUS ?? 'new' }),
    SPAM: other.SPAM,
    VERSION: other.VERSION ?? 0,
    ...(other.MERGED_INTO !== undefined ? { MERGED_INTO: other.MERGED_INTO } : {}),
    ...(other.MERGED_FROM?.length ? { MERGED_IN: other.MERGED_FROM.length } : {}),
    matchedBy,
  };
}

/** An enquiry merged away, as the one it went into lists it; `undefined` for one that is not. */
function mergeLinkOf(enquiry: StoredEnquiry): MergeLink | undefined {
  if (enquiry.MERGED_INTO === undefined || enquiry.MERGED_AT === undefined) return undefined;
  return {
    POST_INDEX: enquiry.POST_INDEX,
    REFERENCE: formatReference(enquiry.POST_INDEX),
    MERGED_AT: enquiry.MERGED_AT,
    MERGED_BY: enquiry.MERGED_BY ?? '',
    UNDO_UNTIL: undoUntil(enquiry.MERGED_AT),
  };
}

export async function relatedEnquiries(deps: RelatedDeps, enquiry: StoredEnquiry): Promise<RelatedEnquiries> {
  // An enquiry stored before phone keys has none of its own: its number still finds the newer ones.
  const phone = enquiry.PHONE_KEY ?? phoneKey(enquiry.CONTACT_NUMBER);
  const [sameEmail, samePhone] = await Promise.all([
    enquiry.EMAIL_KEY ? deps.enquiries.byEmail(enquiry.EMAIL_KEY) : [],
    phone ? deps.enquiries.byPhone(phone) : [],
  ]);
  const matches = new Map<number, RelatedMatch[]>();
  const found = (indexes: readonly number[], match: RelatedMatch) => {
    for (const index of indexes) {
      const known = matches.get(index) ?? [];
      if (index !== enquiry.POST_INDEX && !known.includes(match)) matches.set(index, [...known, match]);
    }
  };
  found(sameEmail, 'email');
  found(samePhone, 'phone');
  const newestFirst = [...matches.keys()].sort((a, b) => b - a);
  const listed = newestFirst.slice(0, RELATED_LIST_MAX);
  // One removed between the two reads (erased, expired) is simply not listed.
  const others = (await deps.enquiries.getMany(listed)).sort((a, b) => b.POST_INDEX - a.POST_INDEX);
  const [merged, into] = await Promise.all([
    deps.enquiries.getMany(enquiry.MERGED_FROM ?? []),
    enquiry.MERGED_INTO === undefined ? undefined : deps.enquiries.get(enquiry.MERGED_INTO),
  ]);
  const link = mergeLinkOf(enquiry);
  return {
    related: others.map((other) => relatedOf(other, matches.get(other.POST_INDEX) ?? [])),
    more: newestFirst.length - listed.length,
    merged: merged.flatMap((source) => mergeLinkOf(source) ?? []).sort((a, b) => (a.MERGED_AT < b.MERGED_AT ? 1 : -1)),
    ...(link && into
      ? { mergedInto: { ...link, INTO: into.POST_INDEX, INTO_REFERENCE: formatReference(into.POST_INDEX) } }
      : {}),
  };
}
