/**
 * The error body every API route answers with (docs/contract.md, 'Errors on the wire').
 */
export const API_ERROR_CODES = {
  invalid_input: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  unauthorized: 401,
  invalid_credentials: 401,
  /** Sign-in: the password was right, and the account asks for a two-factor code. */
  code_required: 401,
  /** Sign-in or enrolment: the two-factor code is wrong, or was used already. */
  invalid_code: 401,
  /** The account must enrol in two-factor before anything else (the policy requires it). */
  two_factor_required: 403,
  /** An invitation link that is wrong, used or expired. */
  invalid_invitation: 400,
  /** An enrolment link that is wrong, used or expired. */
  invalid_link: 400,
  /** Sign-in: the password was right, the account must enrol in two-factor, and a one-time link to do so was mailed to it. */
  enrolment_mailed: 403,
  forbidden: 403,
  /** Sign-in: the password was right, but the account has no role (from before roles existed) until an admin gives it one. */
  no_role: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** A visitor's attachment whose malware scan has not found it clean yet, or could not read it: no link is handed out. */
  attachment_not_scanned: 409,
  /** A visitor's attachment in which the malware scan found a threat: no link is ever handed out. */
  attachment_infected: 409,
  /** An enquiry sent faster than a person fills the form (shared/intake/form-fields.ts, `MIN_FILL_TIME_MS`): nothing was stored, and the page asks the visitor to send it again. */
  confirm_needed: 409,
  /** Something that was there has run out for good: an export's download, an hour after its file was made. */
  expired: 410,
  payload_too_large: 413,
  rate_limited: 429,
  service_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export interface ApiErrorBody {
  error: ApiErrorCode;
  message: string;
  /** Field name to what is wrong with it, for input errors. */
  fields?: Record<string, string>;
}

/** The answer to a path under /api that is no route of the table (the local server's, and API Gateway's in AWS). */
export const NO_SUCH_ROUTE: ApiErrorBody = { error: 'not_found', message: 'There is no such API route.' };
