import { TABLES } from '../../shared/tables';
import { dynamoAccessLogStore } from '../adapters/dynamodb/access-log';
import { dynamoAggregateStore } from '../adapters/dynamodb/aggregates';
import { documentClient } from '../adapters/dynamodb/client';
import { dynamoCounterStore } from '../adapters/dynamodb/counters';
import { dynamoEnquiryStore } from '../adapters/dynamodb/enquiries';
import { dynamoErasureStore } from '../adapters/dynamodb/erasures';
import { dynamoEventStore } from '../adapters/dynamodb/events';
import { dynamoTemplateStore } from '../adapters/dynamodb/templates';
import { dynamoOutboxStore } from '../adapters/dynamodb/outbox';
import { dynamoPackageStore } from '../adapters/dynamodb/packages';
import { dynamoRevokedTokenStore } from '../adapters/dynamodb/revoked-tokens';
import { dynamoPolicyStore, dynamoStaffStore } from '../adapters/dynamodb/staff';
import { dynamoSubmissionStore } from '../adapters/dynamodb/submissions';
import { dynamoThrottleStore } from '../adapters/dynamodb/throttle';
import type { Settings } from '../config';
import type {
  AccessLogStore,
  AggregateStore,
  Clock,
  CounterStore,
  EnquiryStore,
  ErasureStore,
  EventStore,
  OutboxStore,
  PackageStore,
  PolicyStore,
  RevokedTokenStore,
  StaffStore,
  SubmissionStore,
  TemplateStore,
  ThrottleStore,
} from '../ports';
import type { AwsClientOptions } from './aws';
import { lazyObject, settingOf } from './lazy';

export interface DynamoDeps {
  enquiries: EnquiryStore;
  outbox: OutboxStore;
  events: EventStore;
  templates: TemplateStore;
  erasures: ErasureStore;
  counters: CounterStore;
  submissions: SubmissionStore;
  packages: PackageStore;
  staff: StaffStore;
  revokedTokens: RevokedTokenStore;
  throttle: ThrottleStore;
  accessLog: AccessLogStore;
  policies: PolicyStore;
  aggregates: AggregateStore;
}

export function dynamoDeps(settings: Partial<Settings>, aws: AwsClientOptions, clock: Clock): DynamoDeps {
  let client: ReturnType<typeof documentClient> | undefined;
  const db = () => (client ??= documentClient({ region: aws.region, credentials: aws.credentials, endpoint: aws.endpoints?.dynamodb }));
  const table = (key: keyof typeof TABLES) => settingOf(settings, TABLES[key].envVar);
  return lazyObject<DynamoDeps>({
    enquiries: () => dynamoEnquiryStore(db(), table('enquiries')),
    outbox: () => dynamoOutboxStore(db(), table('outbox')),
    events: () => dynamoEventStore(db(), table('enquiryEvents')),
    templates: () => dynamoTemplateStore(db(), table('replyTemplates')),
    erasures: () => dynamoErasureStore(db(), table('erasures')),
    counters: () => dynamoCounterStore(db(), table('counters')),
    submissions: () => dynamoSubmissionStore(db(), table('submissions'), () => Math.floor(clock.now() / 1000)),
    packages: () => dynamoPackageStore(db(), table('packages')),
    staff: () => dynamoStaffStore(db(), table('staff')),
    revokedTokens: () => dynamoRevokedTokenStore(db(), table('revokedTokens')),
    throttle: () => dynamoThrottleStore(db(), table('throttle')),
    accessLog: () => dynamoAccessLogStore(db(), table('accessLog')),
    policies: () => dynamoPolicyStore(db(), table('policies')),
    aggregates: () => dynamoAggregateStore(db(), table('aggregates')),
  });
}
