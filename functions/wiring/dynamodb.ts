import { TABLES } from '../../shared/tables';
import { dynamoAccessLogStore } from '../adapters/dynamodb/access-log';
import { dynamoAggregateStore } from '../adapters/dynamodb/aggregates';
import { documentClient } from '../platform/wiring/dynamodb-client';
import { dynamoCounterStore } from '../adapters/dynamodb/counters';
import { dynamoEnquiryExportReader } from '../adapters/dynamodb/enquiries/enquiry-exports';
import { dynamoEnquiryStore } from '../adapters/dynamodb/enquiries/enquiries';
import { dynamoErasureStore } from '../adapters/dynamodb/enquiries/erasures';
import { dynamoEventStore } from '../adapters/dynamodb/enquiries/events';
import { dynamoExportJobStore } from '../adapters/dynamodb/export-jobs';
import { dynamoKeptMailStore, dynamoSentMailIds } from '../adapters/dynamodb/inbound-mail';
import { dynamoTemplateStore, dynamoTemplateVersionStore } from '../adapters/dynamodb/templates';
import { dynamoOutboxStore } from '../adapters/dynamodb/outbox';
import { dynamoTranslationStore } from '../adapters/dynamodb/translations';
import { dynamoPackageStore } from '../adapters/dynamodb/packages';
import { dynamoRevokedTokenStore } from '../adapters/dynamodb/revoked-tokens';
import { dynamoPolicyStore, dynamoStaffStore } from '../adapters/dynamodb/staff';
import { dynamoSubmissionStore } from '../adapters/dynamodb/enquiries/submissions';
import { dynamoTagIndex } from '../adapters/dynamodb/enquiries/tags';
import { dynamoThrottleStore } from '../adapters/dynamodb/throttle';
import type { Settings } from '../platform/config';
import type { AccessLogStore } from '../audit/ports';
import type { Clock, ThrottleStore } from '../platform/ports';
import type { PolicyStore, RevokedTokenStore, StaffStore } from '../accounts/ports';
import type { AggregateStore } from '../dashboard/ports';
import type { CounterStore, EnquiryStore } from '../enquiries/ports';
import type { EnquiryExportReader, ExportJobStore } from '../exports/ports';
import type { ErasureStore } from '../privacy/ports';
import type { EventStore, TemplateStore, TemplateVersionStore } from '../work/ports';
import type { OutboxStore } from '../mail/ports';
import type { PackageStore } from '../packages/ports';
import type { SubmissionStore } from '../intake/ports';
import type { TagIndex } from '../tags/ports';
import type { KeptMailStore, SentMailIds } from '../conversation/ports';
import type { TranslationStore } from '../translation/ports';
import type { AwsClientOptions } from '../platform/wiring/aws';
import { lazyObject, mergeLazy, settingOf } from '../platform/wiring/lazy';

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

/** What a store is made from: the function's one document client, its table names, the clock. */
export interface StoreContext {
  db: () => ReturnType<typeof documentClient>;
  table: (key: keyof typeof TABLES) => string;
  clock: Clock;
}

export type StoreMaker<Store> = (context: StoreContext) => Store;

// One maker per store, each its own export, so a bundle holds only the adapters its entry names.
export const enquiries: StoreMaker<EnquiryStore> = ({ db, table }) => dynamoEnquiryStore(db(), table('enquiries'));
export const enquiryExports: StoreMaker<EnquiryExportReader> = ({ db, table }) =>
  dynamoEnquiryExportReader(db(), table('enquiries'));
export const outbox: StoreMaker<OutboxStore> = ({ db, table }) => dynamoOutboxStore(db(), table('outbox'));
export const events: StoreMaker<EventStore> = ({ db, table }) => dynamoEventStore(db(), table('enquiryEvents'));
export const templates: StoreMaker<TemplateStore> = ({ db, table }) =>
  dynamoTemplateStore(db(), table('replyTemplates'));
export const templateVersions: StoreMaker<TemplateVersionStore> = ({ db, table, clock }) =>
  dynamoTemplateVersionStore(db(), table('replyTemplateVersions'), () => Math.floor(clock.now() / 1000));
export const erasures: StoreMaker<ErasureStore> = ({ db, table }) => dynamoErasureStore(db(), table('erasures'));
export const counters: StoreMaker<CounterStore> = ({ db, table }) => dynamoCounterStore(db(), table('counters'));
export const submissions: StoreMaker<SubmissionStore> = ({ db, table, clock }) =>
  dynamoSubmissionStore(db(), table('submissions'), () => Math.floor(clock.now() / 1000));
export const packages: StoreMaker<PackageStore> = ({ db, table }) => dynamoPackageStore(db(), table('packages'));
export const staff: StoreMaker<StaffStore> = ({ db, table }) => dynamoStaffStore(db(), table('staff'));
export const revokedTokens: StoreMaker<RevokedTokenStore> = ({ db, table }) =>
  dynamoRevokedTokenStore(db(), table('revokedTokens'));
export const throttle: StoreMaker<ThrottleStore> = ({ db, table }) => dynamoThrottleStore(db(), table('throttle'));
export const accessLog: StoreMaker<AccessLogStore> = ({ db, table }) => dynamoAccessLogStore(db(), table('accessLog'));
export const policies: StoreMaker<PolicyStore> = ({ db, table }) => dynamoPolicyStore(db(), table('policies'));
export const aggregates: StoreMaker<AggregateStore> = ({ db, table }) =>
  dynamoAggregateStore(db(), table('aggregates'));
export const tagIndex: StoreMaker<TagIndex> = ({ db, table }) => dynamoTagIndex(db(), table('enquiryTags'));
export const keptMail: StoreMaker<KeptMailStore> = ({ db, table, clock }) =>
  dynamoKeptMailStore(db(), table('inboundMail'), () => Math.floor(clock.now() / 1000));
export const sentMailIds: StoreMaker<SentMailIds> = ({ db, table, clock }) =>
  dynamoSentMailIds(db(), table('inboundMail'), () => Math.floor(clock.now() / 1000));
export const translations: StoreMaker<TranslationStore> = ({ db, table }) =>
  dynamoTranslationStore(db(), table('translations'));
export const exportJobs: StoreMaker<ExportJobStore> = ({ db, table, clock }) =>
  dynamoExportJobStore(db(), table('exportJobs'), () => Math.floor(clock.now() / 1000));

/** What every staff route checks a token against (functions/accounts/staff-auth/staff.ts). */
export const staffAuthStores = { revokedTokens, staff, accessLog, policies };

/** What reading the enquiries as lists needs (functions/enquiries/enquiry-reading.ts `ReadingDeps`): the message box and the exports. */
export const listReadingStores = { enquiries, counters, tagIndex };

/**
 * The stores a function names, each made on first use (wiring/lazy.ts) on
 * one document client; a store's table comes from the function's settings.
 */
export function dynamoStores<Stores extends Partial<DynamoDeps>>(
  settings: Partial<Settings>,
  aws: AwsClientOptions,
  clock: Clock,
  makers: { [Key in keyof Stores]: StoreMaker<Stores[Key]> },
): Stores {
  let client: ReturnType<typeof documentClient> | undefined;
  const context: StoreContext = {
    db: () =>
      (client ??= documentClient({
        region: aws.region,
        credentials: aws.credentials,
        endpoint: aws.endpoints?.dynamodb,
      })),
    table: (key) => settingOf(settings, TABLES[key].envVar),
    clock,
  };
  const lazy = Object.fromEntries(
    Object.entries(makers).map(([key, make]) => [key, () => (make as StoreMaker<unknown>)(context)]),
  );
  return lazyObject(lazy as { [Key in keyof Stores]: () => Stores[Key] });
}

/**
 * A route's usual wiring: the stores it names, on its base dependencies (a
 * route that also uses SES, S3 or Lambda merges their deps in itself).
 */
export function withStores<Stores extends Partial<DynamoDeps>>(makers: {
  [Key in keyof Stores]: StoreMaker<Stores[Key]>;
}) {
  return <Base extends { clock: Clock }>(settings: Partial<Settings>, base: Base) =>
    mergeLazy(base, dynamoStores<Stores>(settings, {}, base.clock, makers));
}

/** Every store, for the local stack (a Lambda entry names only those its route uses). */
export function dynamoDeps(settings: Partial<Settings>, aws: AwsClientOptions, clock: Clock): DynamoDeps {
  return dynamoStores<DynamoDeps>(settings, aws, clock, {
    enquiries,
    enquiryExports,
    outbox,
    events,
    templates,
    templateVersions,
    erasures,
    counters,
    submissions,
    packages,
    staff,
    revokedTokens,
    throttle,
    accessLog,
    policies,
    aggregates,
    exportJobs,
    tagIndex,
    keptMail,
    sentMailIds,
    translations,
  });
}
