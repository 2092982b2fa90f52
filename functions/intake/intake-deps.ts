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
