/** What sending mail needs, apart from the outbox's steps: the orchestrator (mail-delivery.ts) and its steps both name these, so they live below both. */
import type { AppDeps } from '../../deps';

export type MailDeps = Pick<
  AppDeps,
  'enquiries' | 'outbox' | 'throttle' | 'mailer' | 'sentMailIds' | 'settings' | 'clock' | 'log'
> &
  Partial<Pick<AppDeps, 'translations' | 'events'>>;
/** What sending an enquiry's mail needs: a mail to a visitor records its Message-ID, where the sender may (a notice to staff needs not). */
export type SendDeps = Omit<MailDeps, 'sentMailIds'> & Partial<Pick<MailDeps, 'sentMailIds'>>;
/** Sending a mail to a staff account reads no enquiry, counts toward no daily cap and records no Message-ID (so sign-in needs no access to enquiries). */
export type AccountMailDeps = Omit<MailDeps, 'enquiries' | 'throttle' | 'sentMailIds'>;
