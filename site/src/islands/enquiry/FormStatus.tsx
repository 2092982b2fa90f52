/**
 * Where the enquiry form says how its send went, in the page's language: sent
 * (with the reference), or why not and, where calling helps, the numbers to
 * call. Also what a refusal of the browser's own checks says.
 */
import { REFERENCE_SLOT, type FormValues, fieldMessage } from './form-model';
import { type SendOutcome } from './form-send';
import type { EnquiryLabels, Phone } from './types';

/**
 * `reference`: the stored enquiry's `MT-000123`, when the send route answered it.
 * `confirm`: the send came faster than a person fills the form, and nothing was stored: the visitor sends it again.
 * `details`: what was wrong with each field a no-JavaScript round trip names (`?fields=`).
 */
export type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'ok'; reference?: string }
  | { kind: 'confirm' }
  | { kind: 'error'; message: string; callUs: boolean; details?: string[] };

export type Failure = Exclude<SendOutcome, { kind: 'sent' }>['kind'];

/** What a failed send says, in the page's language; used for the page's own sends and for the no-JavaScript round trip. */
export function failureStatus(failure: Failure, labels: EnquiryLabels): Status {
  if (failure === 'confirm') return { kind: 'confirm' };
  if (failure === 'invalid') return { kind: 'error', message: labels['form.failure.invalid'], callUs: false };
  if (failure === 'rateLimited') return { kind: 'error', message: labels['form.failure.rateLimited'], callUs: true };
  if (failure === 'network') return { kind: 'error', message: labels['form.failure.network'], callUs: true };
  return { kind: 'error', message: labels['form.failure.server'], callUs: true };
}

/** "Sent. Your reference is MT-000123. Thank you. ...", the reference in an element of its own (one click selects it). */
function SentMessage({ labels, reference }: { labels: EnquiryLabels; reference: string | undefined }) {
  const [before = '', after = ''] = labels['form.successReference'].split(REFERENCE_SLOT);
  return (
    <p>
      {labels['form.success']}.{' '}
      {reference && (
        <>
          {before}
          <strong className="reference" translate="no">
            {reference}
          </strong>
          {after}{' '}
        </>
      )}
      {labels['form.successDetail']}
    </p>
  );
}

/**
 * What the summary under the button says when the browser refuses the form:
 * the required-items message when the name or e-mail is missing, the
 * consent's own words when only a consent box is, otherwise a pointer to the
 * messages beside the fields.
 */
export function refusalStatus(missing: (keyof FormValues)[], labels: EnquiryLabels): Status {
  const [first] = missing;
  if (!first) return { kind: 'error', message: labels['form.failure.invalid'], callUs: false };
  const consentsOnly = missing.every((field) => field === 'consent_privacy' || field === 'consent_health');
  return {
    kind: 'error',
    message: consentsOnly ? fieldMessage(first, labels) : labels['form.requiredMissing'],
    callUs: false,
  };
}

/** What the send button says: sending, or asking to confirm, or to try again after a failure where calling helps. */
export function submitLabel(status: Status, labels: EnquiryLabels): string {
  if (status.kind === 'sending') return labels['form.sending'];
  if (status.kind === 'confirm') return labels['form.confirm.submit'];
  return status.kind === 'error' && status.callUs ? labels['form.retry'] : labels['form.submit'];
}

/** The live region under the button: polite for a success, assertive for a failure and for a send still to confirm. */
export function StatusArea({ status, labels, phones }: { status: Status; labels: EnquiryLabels; phones: Phone[] }) {
  const urgent = status.kind === 'error' || status.kind === 'confirm';
  return (
    <div className="span-2" role={urgent ? 'alert' : 'status'} aria-live={urgent ? 'assertive' : 'polite'}>
      {status.kind === 'ok' && (
        <div className="form-status form-status--ok">
          <SentMessage labels={labels} reference={status.reference} />
        </div>
      )}
      {status.kind === 'confirm' && (
        <div className="form-status form-status--confirm">
          <p>{labels['form.confirm.prompt']}</p>
        </div>
      )}
      {status.kind === 'error' && (
        <div className="form-status form-status--error">
          <p>{status.message}</p>
          {status.details && status.details.length > 0 && (
            <ul>
              {status.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
          {status.callUs && (
            <p>
              {labels['form.failure.callUs']}{' '}
              {phones.map((phone, index) => (
                <span key={phone.href}>
                  {index > 0 && ' / '}
                  <a href={phone.href}>{phone.display}</a>
                </span>
              ))}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
