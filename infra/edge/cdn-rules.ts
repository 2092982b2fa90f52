/**
 * What the CDN forwards to the API and how long it keeps each kind of
 * content: the rules infra/constructs/hosting/site-hosting.ts builds its behaviours
 * from, apart so the tests can read them without making a stack. The
 * origin-verify header CloudFront adds to every API request (and replaces when
 * a viewer sends one) is ORIGIN_VERIFY_HEADER in shared/origin-headers.ts.
 */
import { SIGN_IN_DEVICE_COOKIE } from '../../shared/auth';
import { FETCH_SITE_HEADERS, VIEWER_ADDRESS_HEADER, VIEWER_HOST_HEADER } from '../../shared/origin-headers';
import { IMMUTABLE_CACHE_CONTROL } from '../../shared/packages/uploads';
import { routeNamed } from '../api-paths';

/**
 * Viewer headers the API reads (Origin and Sec-Fetch-Site to refuse posts from
 * other sites), the viewer's host as the API behaviours' function sets it, and
 * the viewer's own address (the API sees CloudFront's otherwise). Never Host:
 * API Gateway must see its own.
 */
export const API_FORWARDED_HEADERS = [
  'Accept',
  'Accept-Language',
  'Content-Type',
  'Referer',
  'User-Agent',
  ...FETCH_SITE_HEADERS,
  VIEWER_HOST_HEADER,
  VIEWER_ADDRESS_HEADER,
];
/** The one cookie the API reads: the sign-in device cookie, which POST /api/login sets and reads back. */
export const API_FORWARDED_COOKIES = [SIGN_IN_DEVICE_COOKIE];
/** The cached GET /api/amendBest reads no viewer header; it gets the viewer's host and address like every API call. */
export const CACHED_API_FORWARDED_HEADERS = [VIEWER_HOST_HEADER, VIEWER_ADDRESS_HEADER];

/** The BEST 3 packages: the one cached API route, with its own behaviour before the API's. */
export const CACHED_API_PATH = routeNamed('amendBest').path;

/** Hashed build output (`/_astro/*`) never changes under its name. */
export const IMMUTABLE = IMMUTABLE_CACHE_CONTROL;
/** Pages: the browser revalidates every time, the CDN keeps them 5 minutes (and each deployment invalidates). */
export const PAGE_CACHE = 'public, max-age=0, s-maxage=300, must-revalidate';
