/**
 * Headers CloudFront and the API agree on, named once: the CDN adds the first
 * (with a secret value only it knows) and forwards the others; the API trusts
 * the visitor address and host in them only when the first is right, and
 * refuses any call without it (the API's own endpoint is not a way in): the
 * regional AWS WAF web ACL on the API's stage first, every function again.
 */
import type { ApiErrorBody } from './api-error';

export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';
/** The host name the visitor asked for (CloudFront sends the API's own host to the origin); set by the API path's viewer-request function. */
export const VIEWER_HOST_HEADER = 'X-Viewer-Host';
/** The answer (403) to a call without the origin secret, the same from the API's web ACL and from a function. */
export const DIRECT_CALL_REFUSAL: ApiErrorBody = { error: 'forbidden', message: 'Use the site address.' };
/**
 * The metric of calls a function refused for lacking the origin secret
 * (straight to the API's execute-api address, around the edge's WAF, and past
 * the API's own web ACL, which should have dropped them), per API: the
 * functions write it (functions/platform/http/direct-calls.ts), the stack's alarm
 * watches it.
 */
export const DIRECT_CALL_METRIC = {
  namespace: 'MedicalTourismCentre',
  name: 'DirectCallRefused',
  dimension: 'ApiId',
} as const;
/** Refused direct calls in five minutes above which the alarms go off (the web ACL's and the functions'): scanners find the address now and then; a flood is hundreds. */
export const DIRECT_CALL_ALARM_PER_5_MINUTES = 100;
/** Browser headers the enquiry and sign-in routes check to refuse posts from other sites. */
export const FETCH_SITE_HEADERS = ['Origin', 'Sec-Fetch-Site'] as const;
