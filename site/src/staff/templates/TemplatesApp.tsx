/**
 * `/templates`: the reply templates, one per enquiry section and page
 * language. A staff member picks one, edits subject and body, and saves; the
 * detail page's reply starts from it. A save names the revision shown, so a
 * colleague's save meanwhile is never overwritten; every save keeps the text
 * it replaced, listed and restorable under "이전 버전" (TemplateHistory).
 */
import { type SubmitEvent, useState } from 'react';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '../../../../shared/work/enquiry-work';
import { SECTIONS, type Section, labelOf } from '../../../../shared/enquiries/enums';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { LOCALES, type LocaleCode } from '../../../../shared/locales';
import StaffLayout from '../core/StaffLayout';
import { PageLoadState, usePageLoad } from '../core/page-load';
import { STAFF_TEXT } from '../core/words';
import { TEMPLATES_TEXT } from './words';
import { loadTemplates } from '../enquiry/work-api';
import type { TemplateView } from '../../../../shared/work/enquiry-work-schema';
import TemplateHistory from './TemplateHistory';
import { saveTemplate, templateConflict } from './templates-api';

export default function TemplatesApp() {
  const page = usePageLoad(loadTemplates);
  const { data: templates, set: setTemplates } = page;
  const [section, setSection] = useState<Section>('병원예약');
  const [locale, setLocale] = useState<LocaleCode>('en');
  const [draft, setDraft] = useState<{ subject: string; body: string } | undefined>();
  const [message, setMessage] = useState<{ kind: 'alert' | 'status'; text: string } | undefined>();

  const chosen = templates?.find((template) => template.section === section && template.locale === locale);
  const shown = draft ?? (chosen ? { subject: chosen.subject, body: chosen.body } : undefined);
  const pick = (next: { section?: Section; locale?: LocaleCode }) => {
    if (next.section) setSection(next.section);
    if (next.locale) setLocale(next.locale);
    setDraft(undefined);
    setMessage(undefined);
  };

  /** Puts the template as it is now in the list the page shows. */
  const replace = (template: TemplateView) =>
    setTemplates((list) =>
      list?.map((entry) => (entry.section === template.section && entry.locale === template.locale ? template : entry)),
    );

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!shown || !chosen) return;
    try {
      replace(await saveTemplate({ section, locale, revision: chosen.revision, ...shown }));
      setDraft(undefined);
      setMessage({ kind: 'status', text: TEMPLATES_TEXT.templatesPage.saved });
    } catch (error) {
      const current = templateConflict(error);
      // What was typed stays; the next save goes over the colleague's revision, once it has been seen.
      if (current) replace(current);
      setMessage({ kind: 'alert', text: current ? TEMPLATES_TEXT.templatesPage.conflict : STAFF_TEXT.saveFailed });
    }
  };

  const restored = (template: TemplateView) => {
    replace(template);
    setDraft(undefined);
    setMessage(undefined);
  };

  return (
    <StaffLayout current="templates" title={STAFF_TEXT.templates}>
      <PageLoadState load={page} />
      {templates && shown && (
        <section className="panel">
          <div className="panel__row">
            <label>
              {TEMPLATES_TEXT.templatesPage.section}
              <select value={section} onChange={(event) => pick({ section: event.currentTarget.value as Section })}>
                {SECTIONS.map((entry) => (
                  <option key={entry.value} value={entry.value}>
                    {labelOf(SECTIONS, entry.value, 'ko')}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {TEMPLATES_TEXT.templatesPage.language}
              <select value={locale} onChange={(event) => pick({ locale: event.currentTarget.value as LocaleCode })}>
                {LOCALES.map((entry) => (
                  <option key={entry.code} value={entry.code}>
                    {entry.label}
                  </option>
                ))}
              </select>
            </label>
            <p className="staff__muted">
              {chosen?.edited && chosen.updatedBy && chosen.updatedAt
                ? TEMPLATES_TEXT.templatesPage.edited(
                    chosen.updatedBy,
                    formatKoreaDateTime(Date.parse(chosen.updatedAt)),
                  )
                : TEMPLATES_TEXT.templatesPage.isDefault}
            </p>
          </div>
          <form className="panel__form" onSubmit={save} lang={LOCALES.find((entry) => entry.code === locale)?.lang}>
            <label htmlFor="template-subject">{STAFF_TEXT.reply.subject}</label>
            <input
              id="template-subject"
              value={shown.subject}
              maxLength={TEMPLATE_SUBJECT_MAX}
              onChange={(event) => setDraft({ ...shown, subject: event.currentTarget.value })}
            />
            <label htmlFor="template-body">{STAFF_TEXT.reply.body}</label>
            <textarea
              id="template-body"
              value={shown.body}
              rows={14}
              maxLength={TEMPLATE_BODY_MAX}
              onChange={(event) => setDraft({ ...shown, body: event.currentTarget.value })}
            />
            <p className="staff__muted">{TEMPLATES_TEXT.templatesPage.placeholders}</p>
            <div>
              <button
                type="submit"
                className="staff-button staff-button--primary"
                disabled={!draft || !shown.subject.trim() || !shown.body.trim()}
              >
                {STAFF_TEXT.save}
              </button>
            </div>
            {message && (
              <p className={message.kind === 'alert' ? 'staff__alert' : 'staff__muted'} role={message.kind}>
                {message.text}
              </p>
            )}
          </form>
        </section>
      )}
      {chosen && (
        <TemplateHistory
          key={`${section}#${locale}`}
          template={chosen}
          hasDraft={draft !== undefined}
          onChanged={restored}
        />
      )}
    </StaffLayout>
  );
}
