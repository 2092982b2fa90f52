/**
 * One visitor's other enquiries: those with the same address (its lower
 * case, EMAIL_KEY) or the same phone number once normalised (PHONE_KEY,
 * shared/merging/phone-key.ts), each read from its keys-only index, then the
 * newest RELATED_LIST_MAX of them in one batch read.
 */
import {
  RELATED_LIST_MAX,
  type RelatedEnquiries,
  type RelatedEnquiry,
  type RelatedMatch,
} from '../../shared/merging/related-enquiries';
import { phoneKey } from '../../shared/merging/phone-key';
import { formatReference } from '../../shared/work/enquiry-work';
import type { AppDeps } from '../deps';
import type { StoredEnquiry } from '../enquiries/ports';

export type RelatedDeps = Pick<AppDeps, 'enquiries'>;

/** Another enquiry as the list shows it: which one it is and where it stands, none of its personal data. */
function relatedOf(other: StoredEnquiry, matchedBy: readonly RelatedMatch[]): RelatedEnquiry {
  return {
    POST_INDEX: other.POST_INDEX,
    REFERENCE: formatReference(other.POST_INDEX),
    MEDICAL_SECTION: other.MEDICAL_SECTION,
    DATE: other.DATE,
    ...(other.SPAM ? {} : { STATUS: other.STATUS ?? 'new' }),
    SPAM: other.SPAM,
    matchedBy,
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
  return {
    related: others.map((other) => relatedOf(other, matches.get(other.POST_INDEX) ?? [])),
    more: newestFirst.length - listed.length,
  };
}
