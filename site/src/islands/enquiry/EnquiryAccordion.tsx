/**
 * The four-panel enquiry accordion. Each panel is a native `<details>` of one
 * exclusive group (`name`), so it opens and closes with the keyboard and
 * without JavaScript, one at a time, the first open by default. Opening
 * another panel starts its form afresh with that section's defaults, and keeps
 * its header in view (panel-view.ts). Waking, the island takes over the panel
 * the visitor left open.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBrowserValue } from '../browser-value';
import type { Section } from '../../../../shared/enquiries/enums';
import { CONFIRM_NEEDED, FORM_RESULT_PARAMS } from '../../../../shared/intake/form-fields';
import type { LocaleCode } from '../../../../shared/locales';
import EnquiryForm from './EnquiryForm';
import { type Failure, type Status, failureStatus } from './FormStatus';
import { keepInView } from './panel-view';
import { fieldMessage, formFieldOf } from './form-model';
import type { EnquiryLabels, Option, Phone } from './types';

export interface EnquiryAccordionProps {
  locale: LocaleCode;
  sections: { value: Section; label: string }[];
  detailSections: Option[];
  /** Preferred-contact channels, in the page's order. */
  channels: Option[];
  /** Languages every form offers, the page's own among them. */
  languages: Option[];
  /** The page's own language, chosen when a form starts. */
  defaultLanguage: string;
  labels: EnquiryLabels;
  phones: Phone[];
  policyHref: string;
}

const readSearch = () => window.location.search;

/** The panels' exclusive group: the browser keeps one open at a time, with or without the island. */
const PANEL_GROUP = 'enquiry-sections';

/**
 * The panel open in the page when the island wakes: the first one as rendered, or the one the visitor
 * opened before (natively, the island still asleep); -1 when they closed them all.
 */
function openPanelInPage(): number {
  if (typeof document === 'undefined') return 0;
  const panels = [...document.querySelectorAll<HTMLDetailsElement>(`details[name="${PANEL_GROUP}"]`)];
  return panels.length ? panels.findIndex((panel) => panel.open) : 0;
}

/** How the page reads the error code a failed no-JavaScript round trip names (any other: a failure on our side). */
const FAILURE_OF_ERROR: Partial<Record<string, Failure>> = {
  invalid_input: 'invalid',
  rate_limited: 'rateLimited',
  [CONFIRM_NEEDED]: 'confirm',
};

/**
 * What a failed no-JavaScript round trip left in the address (`?error=...`).
 * A successful one never comes back here: the send route answers it with a
 * page of its own that shows the reference.
 */
function noticeFromAddress(search: string, labels: EnquiryLabels): Status | undefined {
  const params = new URLSearchParams(search);
  const error = params.get(FORM_RESULT_PARAMS.error);
  if (!error) return undefined;
  const status = failureStatus(FAILURE_OF_ERROR[error] ?? 'server', labels);
  // The form came back empty: each named field's reason is listed under the notice, in the page's language.
  const fields = (params.get(FORM_RESULT_PARAMS.fields) ?? '').split(',').map(formFieldOf);
  const details = [
    ...new Set(fields.filter((field) => field !== undefined).map((field) => fieldMessage(field, labels))),
  ];
  return status.kind === 'error' && details.length > 0 ? { ...status, details } : status;
}

export default function EnquiryAccordion(props: EnquiryAccordionProps) {
  const [openIndex, setOpenIndex] = useState(openPanelInPage);
  // Bumped when a panel opens, so its form starts again from the defaults.
  const [generations, setGenerations] = useState(() => props.sections.map(() => 0));
  const search = useBrowserValue(readSearch, '');
  const fromAddress = useMemo(() => noticeFromAddress(search, props.labels), [search, props.labels]);
  // Opening another panel puts the result of the last send away.
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const notice = noticeDismissed ? undefined : fromAddress;

  useEffect(() => {
    // The island says it itself; the static notices are for pages without JavaScript.
    if (fromAddress) for (const staticNotice of document.querySelectorAll('.form-notice')) staticNotice.remove();
  }, [fromAddress]);

  // The panel the visitor just opened, whose header is brought back into view once the other has closed.
  const opened = useRef<number | undefined>(undefined);
  const headers = useRef<(HTMLElement | null)[]>([]);
  useEffect(() => {
    if (opened.current !== openIndex) return;
    opened.current = undefined;
    const header = headers.current[openIndex];
    if (header) keepInView(header);
  }, [openIndex]);

  const toggled = (index: number, open: boolean) => {
    if (open && index !== openIndex) {
      opened.current = index;
      setOpenIndex(index);
      setGenerations((previous) => previous.map((generation, i) => (i === index ? generation + 1 : generation)));
      setNoticeDismissed(true);
    } else if (!open && index === openIndex) {
      setOpenIndex(-1);
    }
  };

  return (
    <div className="accordion">
      {props.sections.map((section, index) => (
        <details
          key={section.value}
          className="panel"
          name={PANEL_GROUP}
          open={openIndex === index}
          onToggle={(event) => toggled(index, event.currentTarget.open)}
        >
          <summary
            ref={(header) => {
              headers.current[index] = header;
            }}
          >
            {section.label}
          </summary>
          <EnquiryForm
            key={`${section.value}-${generations[index]}`}
            idPrefix={`enquiry-${index}`}
            section={section.value}
            locale={props.locale}
            detailSections={props.detailSections}
            channels={props.channels}
            languages={props.languages}
            defaultLanguage={props.defaultLanguage}
            labels={props.labels}
            phones={props.phones}
            policyHref={props.policyHref}
            takeOverServerForm={generations[index] === 0}
            {...(index === 0 && notice ? { initialStatus: notice } : {})}
          />
        </details>
      ))}
    </div>
  );
}
