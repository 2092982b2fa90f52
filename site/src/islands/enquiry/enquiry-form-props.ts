/** The props of one enquiry form (EnquiryForm.tsx), which its state (enquiry-form-state.tsx) starts from. */
import type { Section } from '../../../../shared/enquiries/enums';
import type { LocaleCode } from '../../../../shared/locales';
import type { Status } from './FormStatus';
import type { EnquiryLabels, Option, Phone } from './types';

export interface EnquiryFormProps {
  idPrefix: string;
  section: Section;
  /** The page's language: sent with the enquiry (the acknowledgement and replies use it). */
  locale: LocaleCode;
  detailSections: Option[];
  /** Preferred-contact channels, in the page's order (channel-options.ts). */
  channels: Option[];
  languages: Option[];
  defaultLanguage: string;
  labels: EnquiryLabels;
  phones: Phone[];
  policyHref: string;
  /**
   * On its first mount (hydration) the form starts from what its server-rendered
   * form holds; a panel opened again starts from the defaults.
   */
  takeOverServerForm?: boolean;
  /** A failure carried back by the no-JavaScript round trip (`?error=`). */
  initialStatus?: Status;
}
