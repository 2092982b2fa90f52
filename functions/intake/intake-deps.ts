/** What storing an enquiry needs: the intake (enquiry-intake.ts) and its steps (new-enquiry.ts, resubmission.ts) all name it, so it lives below them. */
import type { AppDeps } from '../deps';

export type IntakeDeps = Pick<
  AppDeps,
  | 'enquiries'
  | 'outbox'
  | 'counters'
  | 'submissions'
  | 'throttle'
  | 'mailer'
  | 'sentMailIds'
  | 'translations'
  | 'settings'
  | 'clock'
  | 'log'
  | 'aggregates'
>;

/** What follows an enquiry filed just now needs (resubmission.ts `afterFiled`): its counts, translation and mails, not the intake's own stores. */
export type FiledDeps = Omit<IntakeDeps, 'submissions' | 'counters'>;
