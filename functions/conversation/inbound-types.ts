/** What filing a received mail takes and gives: the orchestrator (inbound-processing.ts) and its steps (inbound-filing.ts) both name these, so they live below them. */
import type { KeptBox, Verdicts } from '../../shared/conversation/visitor-messages';
import type { AppDeps } from '../deps';
import type { EnquiryEvent } from '../work/ports';
import type { VisitorWroteDeps } from '../work/visitor-wrote';

export type InboundDeps = Pick<
  AppDeps,
  | 'enquiries'
  | 'events'
  | 'throttle'
  | 'keptMail'
  | 'sentMailIds'
  | 'inbound'
  | 'translations'
  | 'settings'
  | 'clock'
  | 'log'
> &
  VisitorWroteDeps;

/** One received mail, as the receiving side hands it over. */
export interface ReceivedMail {
  /** The raw message's key in the inbound bucket. */
  rawKey: string;
  /** The envelope's recipients at the inbound domain. */
  recipients: readonly string[];
  verdicts: Verdicts;
  /** When it was received (epoch ms). */
  receivedAt: number;
}

export type InboundOutcome =
  | { outcome: 'thread'; postIndex: number; event: EnquiryEvent; firstTime: boolean }
  | { outcome: 'kept'; box: KeptBox; reason: string; key: string; postIndex?: number; firstTime: boolean };
