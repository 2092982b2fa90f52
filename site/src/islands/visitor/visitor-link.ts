/**
 * The link the page was opened with: what follows `#`. It is taken out of
 * the address bar at once (history.replaceState), so a copied address, a
 * bookmark or a screenshot does not pass it on, and kept for this tab alone
 * (sessionStorage), so a reload still opens the enquiry. The entry the
 * browser's own history list made of the address opened stays there: that
 * is why links stop working after VISITOR_LINK_IDLE_DAYS without a visit.
 */
import { VISITOR_LINK_IDLE_DAYS } from '../../../../shared/visitor/visitor-page';

const KEPT_AS = 'visitor-link';

/** A text of the page's copy with the days a link works without a visit put in. */
export const withLinkIdleDays = (text: string) => text.replace('{days}', String(VISITOR_LINK_IDLE_DAYS));

export function takeVisitorLink(): string | undefined {
  const fromAddress = window.location.hash.replace(/^#/, '').trim();
  if (fromAddress) {
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
    try {
      sessionStorage.setItem(KEPT_AS, fromAddress);
    } catch {
      // Storage refused (a private window): the page still works until it is reloaded.
    }
    return fromAddress;
  }
  try {
    return sessionStorage.getItem(KEPT_AS) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A link the server says opens nothing is not kept: a reload then says so again without asking. */
export function forgetVisitorLink(): void {
  try {
    sessionStorage.removeItem(KEPT_AS);
  } catch {
    // Nothing kept.
  }
}
