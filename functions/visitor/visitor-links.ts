/**
 * Links to the visitor's page. A link is a capability:
 * 256 random bits after `#`, beside the enquiry's number, of which the
 * enquiry keeps only the SHA-256 (`VISITOR_LINK_HASHES`), one per mail that
 * carried a link. So each mail carries a link of its own and no table, backup
 * or stream holds one that works. A link works while its enquiry exists and
 * its page was opened, or a link mailed, within VISITOR_LINK_IDLE_DAYS: a link
 * left in a browser's history stops working by itself. The hashes go with
 * the enquiry (retention, erasure), and staff can replace them all.
 */
import { linkSecretHash, newLinkSecret, sameHash } from '../platform/link-secrets';
import type { LocaleCode } from '../../shared/locales';
import {
  VISITOR_LINK_IDLE_DAYS,
  VISITOR_LINK_SECRET_BYTES,
  formatVisitorLink,
  parseVisitorLink,
  visitorPagePath,
} from '../../shared/visitor/visitor-page';
import type { AppDeps } from '../deps';
import type { StoredEnquiry } from '../enquiries/ports';
import { ApiError } from '../platform/http/errors';
import { TOO_MANY_LINK_TRIES, countLinkTry, tooManyAttempts } from '../accounts/sign-in/password-limits';
import { leadingEnquiry, replacedSinceMerge } from '../enquiries/merged-enquiry';

export const visitorLinkHash = linkSecretHash;

const IDLE_MS = VISITOR_LINK_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** How often a visit is written down: a page read and the message written a minute later are one visit. */
const VISIT_MARKED_EVERY_MS = 60 * 60 * 1000;

/** When the enquiry's links were last active: a visit or a mail that carried one, else (stored before) its last activity. */
function linksActiveAt(enquiry: StoredEnquiry): number {
  return Date.parse(enquiry.VISITOR_LINKS_ACTIVE_AT ?? enquiry.UPDATED_AT ?? enquiry.RECEIVED_AT);
}

/** A new link to the enquiry's page in `locale` (absolute, from SITE_URL), and the hash the enquiry keeps of it. */
export function newVisitorLink(postIndex: number, locale: LocaleCode, siteUrl: string): { url: string; hash: string } {
  const secret = newLinkSecret(VISITOR_LINK_SECRET_BYTES);
  return {
    url: `${siteUrl.replace(/\/+$/, '')}${visitorPagePath(locale)}#${formatVisitorLink(postIndex, secret)}`,
    hash: visitorLinkHash(secret),
  };
}

/**
 * A fresh link for a mail to the visitor (the acknowledgement, a reply),
 * made when the mail is composed: the enquiry keeps its hash beside the
 * others, which all go on working, active again from now. Throws when the
 * enquiry is gone (erased): its mail has nothing to link to.
 */
export async function mintVisitorLink(
  deps: Pick<AppDeps, 'enquiries' | 'settings' | 'clock'>,
  postIndex: number,
  locale: LocaleCode,
): Promise<string> {
  const link = newVisitorLink(postIndex, locale, deps.settings.SITE_URL);
  if (!(await deps.enquiries.addVisitorLinkHash(postIndex, link.hash, new Date(deps.clock.now()).toISOString())))
    throw new Error(`Enquiry ${postIndex} is gone: there is nothing to link to`);
  return link.url;
}

/** What a link is compared with when its enquiry has no hash (or none exists), so every wrong link costs the same work: no SHA-256 in hex is this. */
const NO_LINK = '-'.repeat(64);

/** Whether the secret's hash is one of the stored ones, each compared in constant time. */
function opens(stored: ReadonlySet<string> | undefined, secret: string): boolean {
  const given = visitorLinkHash(secret);
  let found = false;
  // Every stored hash is compared, found or not: the same work whichever one (if any) it is.
  for (const hash of stored?.size ? stored : [NO_LINK]) if (sameHash(hash, given)) found = true;
  return found;
}

export type OpenByLinkDeps = Pick<AppDeps, 'enquiries' | 'throttle' | 'settings' | 'clock'>;

/**
 * The enquiry a link opens. Every try is counted per client network with
 * sign-in's counting (a right link takes its count back), so links cannot be
 * guessed at speed; past the limit, 429 with Retry-After. A link that opens
 * nothing (malformed, wrong, replaced, idle too long, its enquiry erased, or
 * suspected spam, which never gets one) is one and the same 404, after the
 * same work. A link that opens its enquiry marks the links active.
 */
export async function openByLink(deps: OpenByLinkDeps, clientAddress: string, link: string): Promise<StoredEnquiry> {
  const now = deps.clock.now();
  const { over, release } = await countLinkTry(deps, 'visitor-link', clientAddress, now);
  if (over) throw tooManyAttempts(now, TOO_MANY_LINK_TRIES);
  const parsed = parseVisitorLink(link);
  const enquiry = parsed ? await deps.enquiries.get(parsed.postIndex) : undefined;
  const matched =
    opens(enquiry?.VISITOR_LINK_HASHES, parsed?.secret ?? '') && !!enquiry && now - linksActiveAt(enquiry) <= IDLE_MS;
  // The link of an enquiry merged into another opens that one, until staff replace that one's links.
  const leading = enquiry && matched && !enquiry.SPAM ? await leadingEnquiry(deps, enquiry.POST_INDEX) : undefined;
  if (!enquiry || !leading || leading.SPAM || replacedSinceMerge(enquiry, leading))
    throw new ApiError(
      'not_found',
      `This link does not open an enquiry. It may have been replaced by a newer one, or not used for ${VISITOR_LINK_IDLE_DAYS} days: use the link in our latest mail.`,
    );
  await release();
  if (now - linksActiveAt(enquiry) > VISIT_MARKED_EVERY_MS)
    await deps.enquiries.markVisitorLinksActive(enquiry.POST_INDEX, new Date(now).toISOString());
  return leading;
}
