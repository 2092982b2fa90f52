/**
 * One enquiry form. Rendered on the server as a real `<form method="post">`
 * whose inputs carry the wire names, so it works without JavaScript; in the
 * browser it checks the required items, posts JSON, and on any failure keeps
 * every value and says what happened (a retry resends the same submission id).
 */
import { CHANNEL_ACCOUNT_RULES, CONTACT_ACCOUNT_MAX } from '../../../../shared/intake/contact-channels';
import { FREE_LANGUAGE_MAX_LENGTH } from '../../../../shared/enquiries/enums';
import {
  ENQUIRY_LIMITS,
  HONEYPOT_FIELD,
  OTHER_LANGUAGE_FIELD,
  OTHER_LANGUAGE_VALUE,
} from '../../../../shared/intake/form-fields';
import { isContactChannel, messageHint } from './form-model';
import { ConsentBox, Field, LanguageChoice, Options, RequiredMark } from './Field';
import { StatusArea, submitLabel } from './FormStatus';
import { MessageCount } from './MessageCount';
import type { EnquiryFormProps } from './enquiry-form-props';
import { useEnquiryForm } from './enquiry-form-state';
import { ReservationFields } from './ReservationFields';

import { apiPath } from '../../../../shared/routes';

export default function EnquiryForm(props: EnquiryFormProps) {
  const { section, labels } = props;
  const state = useEnquiryForm(props);
  const {
    values,
    hydrated,
    otherTextKept,
    setOtherTextKept,
    status,
    submissionId,
    form,
    id,
    hospital,
    set,
    text,
    problem,
    submit,
    consentProps,
  } = state;

  const required = <RequiredMark labels={labels} />;
  return (
    <form
      ref={form}
      className="enquiry"
      method="post"
      action={apiPath('sendmail')}
      noValidate={hydrated}
      onSubmit={submit}
    >
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name="page_locale" value={props.locale} />
      {hydrated && <input type="hidden" name="submission_id" value={submissionId} />}
      <p className="span-2 field__hint">{labels['form.requiredNote']}</p>

      <Field
        id={id('user_name')}
        label={
          <>
            {labels['form.name']}
            {required}
          </>
        }
        problem={problem('user_name')}
      >
        <input
          type="text"
          name="user_name"
          autoComplete="name"
          required
          maxLength={ENQUIRY_LIMITS.nameMax}
          {...text('user_name')}
        />
      </Field>
      <Field
        id={id('user_email')}
        label={
          <>
            {labels['form.email']}
            {required}
          </>
        }
        problem={problem('user_email')}
      >
        <input
          type="email"
          name="user_email"
          autoComplete="email"
          required
          maxLength={ENQUIRY_LIMITS.emailMax}
          {...text('user_email')}
        />
      </Field>
      <Field id={id('phone')} label={labels['form.phone']} problem={problem('phone')}>
        <input type="tel" name="phone" autoComplete="tel" maxLength={ENQUIRY_LIMITS.phoneMax} {...text('phone')} />
      </Field>
      <Field id={id('contact_channel')} label={labels['form.channel']} problem={problem('contact_channel')}>
        <select name="contact_channel" {...text('contact_channel')}>
          <option value="">{labels['form.channel.none']}</option>
          <Options options={props.channels} />
        </select>
      </Field>
      <Field
        id={id('contact_account')}
        label={labels['form.channel.account']}
        hint={labels['form.channel.accountHint']}
        problem={problem('contact_account')}
      >
        <input
          type="text"
          name="contact_account"
          autoComplete="off"
          maxLength={CONTACT_ACCOUNT_MAX}
          placeholder={
            isContactChannel(values.contact_channel) ? CHANNEL_ACCOUNT_RULES[values.contact_channel].example : undefined
          }
          {...text('contact_account', { hint: true })}
        />
      </Field>
      <ReservationFields state={state} labels={labels} detailSections={props.detailSections} />
      <LanguageChoice
        options={[...props.languages, { value: OTHER_LANGUAGE_VALUE, label: labels['form.languageOther'] }]}
        legend={labels['form.language']}
        chosen={values.language}
        onChoose={(language) => {
          set('language', language);
          setOtherTextKept(false);
        }}
      >
        {(!hydrated || values.language === OTHER_LANGUAGE_VALUE || otherTextKept) && (
          <Field id={id('languageOther')} label={labels['form.languageOtherInput']} problem={problem('languageOther')}>
            <input
              type="text"
              name={OTHER_LANGUAGE_FIELD}
              maxLength={FREE_LANGUAGE_MAX_LENGTH}
              {...text('languageOther')}
            />
          </Field>
        )}
      </LanguageChoice>
      <Field
        id={id('message')}
        label={labels['form.message']}
        hint={messageHint(section, labels)}
        problem={problem('message')}
        wide
      >
        {/* No maxLength: the browser would cut a long paste without a word. The count says how much fits. */}
        <textarea name="message" {...text('message', { hint: true })} />
        {/* Counted once the island is awake: the page's HTML cannot count, and what was typed before must not change the woken render. */}
        {hydrated && <MessageCount id={state.countId} message={values.message} locale={props.locale} labels={labels} />}
      </Field>

      <ConsentBox {...consentProps('consent_privacy')} label={labels['consent.privacy.label']}>
        <p>{labels['consent.purpose']}</p>
        <p>{labels['consent.items']}</p>
        <p>{labels['consent.retention']}</p>
        <p>{labels['consent.refuse']}</p>
        <p>
          <a href={props.policyHref}>{labels['consent.policy']}</a>
        </p>
      </ConsentBox>
      {hospital && (
        <ConsentBox {...consentProps('consent_health')} label={labels['consent.health.label']}>
          <p>{labels['consent.health']}</p>
        </ConsentBox>
      )}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" {...text('website')} />
      </div>

      <div className="span-2 form-actions">
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          {submitLabel(status, labels)}
        </button>
      </div>
      <StatusArea status={status} labels={labels} phones={props.phones} />
    </form>
  );
}
