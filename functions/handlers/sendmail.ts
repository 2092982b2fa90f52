import { enquirySubmissionSchema } from '../../shared/enquiry';
import { FORM_RESULT_ANCHORS, FORM_RESULT_PARAMS } from '../../shared/form-fields';
import { PUBLIC_PAGE_ROUTES } from '../../shared/locales';
import { ApiError, parseInput } from '../http/errors';
import { httpHandler, unexpectedFailure } from '../http/handler';
import { type ApiRequest, formPayload, jsonPayload, mediaType } from '../http/request';
import { type ApiResponse, errorResponse, json, redirect } from '../http/response';
import { assertSameSite } from '../http/same-site';
import { FORM_POST_MEMORY_SECONDS, type IntakeDeps, formPostSubmissionId, receiveEnquiry } from '../services/enquiry-intake';

/**
 * The page a plain form post came from, to send the visitor back to. Only our
 * own language pages qualify (never an open redirect); otherwise `/`.
 */
export function returnPage(request: ApiRequest): string {
  try {
    const path = new URL(request.headers['referer'] ?? '', 'http://placeholder.invalid').pathname.replace(/(.)\/$/, '$1');
    return PUBLIC_PAGE_ROUTES.includes(path) ? path : '/';
  } catch {
    return '/';
  }
}

function formResult(page: string, params: Record<string, string>): ApiResponse {
  const anchor = params[FORM_RESULT_PARAMS.sent] ? FORM_RESULT_ANCHORS.sent : FORM_RESULT_ANCHORS.failed;
  return redirect(303, `${page}?${new URLSearchParams(params).toString()}#${anchor}`);
}

/** `POST /api/sendmail`: stores the enquiry, then mails staff. JSON, or a plain form post answered with a redirect. */
export function makeSendmailHandler(deps: IntakeDeps) {
  return httpHandler(deps, async ({ request, log }) => {
    const type = mediaType(request);
    if (type !== 'application/json' && type !== 'application/x-www-form-urlencoded') {
      throw new ApiError('unsupported_media_type', 'Send the enquiry as application/json or as a form.');
    }
    assertSameSite(request);
    const isForm = type === 'application/x-www-form-urlencoded';
    if (!isForm) {
      const submission = parseInput(enquirySubmissionSchema, jsonPayload(request));
      // The same answer whether this stored the enquiry or an earlier try with the same submission_id did.
      await receiveEnquiry(deps, submission, request.clientAddress);
      return json(200, { ok: true, ...(submission.submission_id ? { submission_id: submission.submission_id } : {}) });
    }
    const page = returnPage(request);
    try {
      const fields = formPayload(request);
      const submission = parseInput(enquirySubmissionSchema, fields);
      // A page without JavaScript has no submission id: the same form sent again soon is the same enquiry.
      const deduplication = submission.submission_id
        ? undefined
        : { submissionId: formPostSubmissionId(fields, request.clientAddress), memorySeconds: FORM_POST_MEMORY_SECONDS };
      await receiveEnquiry(deps, submission, request.clientAddress, deduplication);
      return formResult(page, { [FORM_RESULT_PARAMS.sent]: '1' });
    } catch (caught) {
      // A visitor without JavaScript always goes back to the page, which says what happened.
      const error = caught instanceof ApiError ? caught : unexpectedFailure(log, caught);
      const params: Record<string, string> = { [FORM_RESULT_PARAMS.error]: error.code };
      if (error.fields) params[FORM_RESULT_PARAMS.fields] = Object.keys(error.fields).join(',');
      const answer = formResult(page, params);
      // Keep Retry-After and friends, but answer with the redirect.
      return { ...answer, headers: { ...errorResponse(error).headers, ...answer.headers, 'Content-Type': 'text/plain' } };
    }
  });
}
