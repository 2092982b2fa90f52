/**
 * Sign-in and the one-time link pages (an invitation, an enrolment link) read their request before checking
 * anything: a post from another site, a body that is not JSON, or one that
 * is not the form's is refused there, and every such refusal is in the
 * access log too, counted (COUNTED_ACTIONS) like the refusals after the check.
 * No actor: whatever the body names was never read, or not read as meant.
 */
import type { AuditAction } from '../../../shared/audit-actions';
import type { ApiErrorCode } from '../../../shared/api-error';
import type { AccessLogger } from '../../audit/access-log';
import { ApiError } from '../../platform/http/errors';

const REFUSAL_BY_CODE: Partial<Record<ApiErrorCode, 'cross_site' | 'wrong_type' | 'malformed'>> = {
  forbidden: 'cross_site',
  unsupported_media_type: 'wrong_type',
  invalid_json: 'malformed',
  invalid_input: 'malformed',
  payload_too_large: 'malformed',
};

/** What `read` answers; a refusal it throws is logged as `auth.<kind>.<why>` first. */
export async function readOrLogRefusal<T>(
  log: AccessLogger,
  kind: 'login' | 'welcome' | 'enrol_link',
  read: () => T,
): Promise<T> {
  try {
    return read();
  } catch (error) {
    const why = error instanceof ApiError ? REFUSAL_BY_CODE[error.code] : undefined;
    if (why) await log('-', `auth.${kind}.${why}` as AuditAction, '-');
    throw error;
  }
}
