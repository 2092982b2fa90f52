import { enquirySubmissionSchema } from '../../shared/enquiries/enquiry-submission-schema';
import { formatReference } from '../../shared/work/enquiry-work';
import { ENQUIRY_SECTION_ID, FORM_RESULT_PARAMS, failedFormAnchor } from '../../shared/intake/form-fields';
import { PUBLIC_PAGE_ROUTES, localeByCode } from '../../shared/locales';
import { ApiError, parseInput } from '../platform/http/errors';
import { httpHandler, unexpectedFailure } from '../platform/http/handler';
import { type ApiRequest, formPayload, jsonPayload, mediaType } from '../platform/http/request';
import { type ApiResponse, errorResponse, htmlPage, json, redirect } from '../platform/http/response';
import { assertSameSite } from '../platform/http/same-site';
import { FORM_POST_MEMORY_SECONDS, formPostSubmissionId, receiveEnquiry } from './enquiry-intake';
import type { IntakeDeps } from './intake-deps';
import { renderReceiptPage } from './receipt-page';

/**
 * The page a plain form post came from, to send the visitor back to. Only our
 * own language pages qualify (never an open redirect); otherwise `fallback`.
 */
export function returnPage(request: ApiRequest, fallback = '/'): string {
  const referer = request.headers['referer'];
  if (!referer) return fallback;
  try {
    const path = new URL(referer, 'http://placeholder.invalid').pathname.replace(/(.)\/$/, '$1');
    return PUBLIC_PAGE_ROUTES.includes(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A failed plain form post goes back to the page, which shows the notice its fragment names (a refused field's own, when it has one). */
function failedFormResult(page: string, params: Record<string, string>, fields: readonly string[]): ApiResponse {
  return redirect(303, `${page}?${new URLSearchParams(params).toString()}#${failedFormAnchor(fields)}`);
}

/**
 * `POST /api/sendmail`: stores the enquiry, then mails staff. Answers JSON
 * with the enquiry's reference; a plain form post (no JavaScript) is answered
 * with a small page in the page's language that shows the reference, or on
 * failure with a redirect back to the page.
 */
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
      const { postIndex } = await receiveEnquiry(deps, submission, request.clientAddress);
      return json(200, {
        ok: true,
        reference: formatReference(postIndex),
        ...(submission.submission_id ? { submission_id: submission.submission_id } : {}),
      });
    }
    try {
      const fields = formPayload(request);
      const submission = parseInput(enquirySubmissionSchema, fields);
      // A page without JavaScript has no submission id: the same form sent again soon is the same enquiry.
      const deduplication = submission.submission_id
        ? undefined
        : {
            submissionId: formPostSubmissionId(fields, request.clientAddress),
            memorySeconds: FORM_POST_MEMORY_SECONDS,
          };
      const { postIndex } = await receiveEnquiry(deps, submission, request.clientAddress, deduplication);
      // Without a page we know, the way back is the page of the language the visitor wrote in.
      const page = returnPage(request, localeByCode(submission.page_locale).route);
      return htmlPage(
        200,
        renderReceiptPage({
          locale: submission.page_locale,
          reference: formatReference(postIndex),
          backHref: `${page}#${ENQUIRY_SECTION_ID}`,
          replyPromiseWorkingDays: deps.settings.REPLY_PROMISE_WORKING_DAYS,
        }),
      );
    } catch (caught) {
      // A visitor without JavaScript always goes back to the page, which says what happened.
      const error = caught instanceof ApiError ? caught : unexpectedFailure(log, caught);
      const params: Record<string, string> = { [FORM_RESULT_PARAMS.error]: error.code };
      if (error.fields) params[FORM_RESULT_PARAMS.fields] = Object.keys(error.fields).join(',');
      const answer = failedFormResult(returnPage(request), params, Object.keys(error.fields ?? {}));
      // Keep Retry-After and friends, but answer with the redirect.
      return {
        ...answer,
        headers: { ...errorResponse(error).headers, ...answer.headers, 'Content-Type': 'text/plain' },
      };
    }
  });
}
