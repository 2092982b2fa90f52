/**
 * Every dependency a handler may be built from: the platform's base
 * (settings, clock, log) and every feature's stores, each by its port. A
 * Lambda function is wired with only those its route names (each feature's
 * `adapters/`, so a bundle holds only the SDK clients its route uses);
 * `wiring/all.ts` wires every one for the local stack.
 */
import type { PolicyStore, RevokedTokenStore, StaffStore } from './accounts/ports';
import type { AccessLogCopyStore, AccessLogStore } from './audit/ports';
import type { InboundBucket, KeptMailStore, SentMailIds } from './conversation/ports';
import type { AggregateStore } from './dashboard/ports';
import type { CounterStore, EnquiryStore } from './enquiries/ports';
import type { EnquiryExportReader, ExportJobStore, ExportStore, ExportWorker } from './exports/ports';
import type { SubmissionStore } from './intake/ports';
import type { Mailer, OutboxStore } from './mail/ports';
import type { ImageStore, PackageStore } from './packages/ports';
import type { BaseDeps } from './platform/deps';
import type { EnquiryPartsGiven } from './enquiries/lifecycle';
import type { SecretSealer, ThrottleStore } from './platform/ports';
import type { ErasureStore } from './privacy/ports';
import type { TagIndex } from './tags/ports';
import type { TranslationStore, Translator } from './translation/ports';
import type { EventStore, TemplateStore, TemplateVersionStore } from './work/ports';

/** The stores kept in DynamoDB. */
export interface DynamoDeps {
  enquiries: EnquiryStore;
  enquiryExports: EnquiryExportReader;
  outbox: OutboxStore;
  events: EventStore;
  templates: TemplateStore;
  templateVersions: TemplateVersionStore;
  erasures: ErasureStore;
  counters: CounterStore;
  submissions: SubmissionStore;
  packages: PackageStore;
  staff: StaffStore;
  revokedTokens: RevokedTokenStore;
  throttle: ThrottleStore;
  accessLog: AccessLogStore;
  policies: PolicyStore;
  exportJobs: ExportJobStore;
  aggregates: AggregateStore;
  tagIndex: TagIndex;
  keptMail: KeptMailStore;
  sentMailIds: SentMailIds;
  translations: TranslationStore;
}

/** The stores kept in S3. */
export interface S3Deps {
  images: ImageStore;
  exports: ExportStore;
  accessLogCopies: AccessLogCopyStore;
  inbound: InboundBucket;
}

/** The other services: SES, Amazon Translate, the background workers (Lambda), the TOTP key (KMS). */
export interface ServiceDeps {
  mailer: Mailer;
  translator: Translator;
  exportWorker: ExportWorker;
  totpSealer: SecretSealer;
}

/** With the enquiry parts (enquiry-parts.ts) a removal or the right of access calls: every one, in the local stack. */
export type AppDeps = BaseDeps & DynamoDeps & S3Deps & ServiceDeps & EnquiryPartsGiven;
