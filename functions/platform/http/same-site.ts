/**
 * Posts that only our own pages may make (an enquiry, a sign-in): a browser
 * says where a request comes from in `Origin`, or at least in
 * `Sec-Fetch-Site`; another site's form or script is refused before anything
 * is read or stored. A request with neither header is not from a browser
 * (a script or a tool), which another site cannot make a visitor send.
 */
import { ApiError } from './errors';
import type { ApiRequest } from './request';

const ALLOWED_FETCH_SITES = ['same-origin', 'none'];

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

export function assertSameSite(request: ApiRequest): void {
  const origin = request.headers['origin'];
  const fetchSite = request.headers['sec-fetch-site']?.toLowerCase();
  const fromElsewhere =
    origin !== undefined
      ? hostOf(origin) === undefined || hostOf(origin) !== request.siteHost
      : fetchSite !== undefined && !ALLOWED_FETCH_SITES.includes(fetchSite);
  if (fromElsewhere) throw new ApiError('forbidden', 'This form can only be sent from the site itself.');
}
