/**
 * The composition root: builds the adapters from settings and AWS clients.
 * Each adapter is made on first use, so a function only needs the settings
 * of the resources its route uses (and fails at start when one is missing).
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { TABLES } from '../shared/tables';
import { dynamoAccessLogStore } from './adapters/dynamodb/access-log';
import { documentClient } from './adapters/dynamodb/client';
import { dynamoCounterStore } from './adapters/dynamodb/counters';
import { dynamoEnquiryStore } from './adapters/dynamodb/enquiries';
import { dynamoPackageStore } from './adapters/dynamodb/packages';
import { dynamoRevokedTokenStore } from './adapters/dynamodb/revoked-tokens';
import { dynamoStaffStore } from './adapters/dynamodb/staff';
import { dynamoSubmissionStore } from './adapters/dynamodb/submissions';
import { dynamoThrottleStore } from './adapters/dynamodb/throttle';
import { s3Client } from './adapters/s3/client';
import { s3ExportStore } from './adapters/s3/exports';
import { s3ImageStore } from './adapters/s3/images';
import { sesMailer } from './adapters/ses/mailer';
import { ConfigError, type SettingName, type Settings } from './config';
import type { Log } from './logging';
import type {
  AccessLogStore,
  Clock,
  CounterStore,
  EnquiryStore,
  ExportStore,
  ImageStore,
  Mailer,
  PackageStore,
  RevokedTokenStore,
  StaffStore,
  SubmissionStore,
  ThrottleStore,
} from './ports';

export interface AppDeps {
  settings: Settings;
  clock: Clock;
  log: Log;
  enquiries: EnquiryStore;
  counters: CounterStore;
  submissions: SubmissionStore;
  packages: PackageStore;
  staff: StaffStore;
  revokedTokens: RevokedTokenStore;
  throttle: ThrottleStore;
  accessLog: AccessLogStore;
  mailer: Mailer;
  images: ImageStore;
  exports: ExportStore;
}

/** Where the AWS clients connect; empty in Lambda (the SDK's defaults), emulator endpoints locally. */
export interface AwsClientOptions {
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  endpoints?: { dynamodb?: string; s3?: string; ses?: string };
}

export const systemClock: Clock = { now: () => Date.now() };

export function createDeps(settings: Partial<Settings>, aws: AwsClientOptions, log: Log, clock: Clock = systemClock): AppDeps {
  const base = { region: aws.region, credentials: aws.credentials };
  let db: ReturnType<typeof documentClient> | undefined;
  const dynamo = () => (db ??= documentClient({ ...base, endpoint: aws.endpoints?.dynamodb }));
  const s3Config: S3ClientConfig = { ...base, endpoint: aws.endpoints?.s3, forcePathStyle: aws.endpoints?.s3 !== undefined };
  let s3: ReturnType<typeof s3Client> | undefined;
  const storage = () => (s3 ??= s3Client(s3Config));

  const setting = <Name extends SettingName>(name: Name): Settings[Name] => {
    const value = settings[name];
    if (value === undefined) throw new ConfigError([`${name} is not configured for this function`]);
    return value as Settings[Name];
  };
  const nowSeconds = () => Math.floor(clock.now() / 1000);

  const made = new Map<string, unknown>();
  const lazy = <T>(key: string, make: () => T): T => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key) as T;
  };

  return {
    get settings() {
      return settings as Settings;
    },
    clock,
    log,
    get enquiries() {
      return lazy('enquiries', () => dynamoEnquiryStore(dynamo(), setting(TABLES.enquiries.envVar)));
    },
    get counters() {
      return lazy('counters', () => dynamoCounterStore(dynamo(), setting(TABLES.counters.envVar)));
    },
    get submissions() {
      return lazy('submissions', () => dynamoSubmissionStore(dynamo(), setting(TABLES.submissions.envVar), nowSeconds));
    },
    get packages() {
      return lazy('packages', () => dynamoPackageStore(dynamo(), setting(TABLES.packages.envVar)));
    },
    get staff() {
      return lazy('staff', () => dynamoStaffStore(dynamo(), setting(TABLES.staff.envVar)));
    },
    get revokedTokens() {
      return lazy('revokedTokens', () => dynamoRevokedTokenStore(dynamo(), setting(TABLES.revokedTokens.envVar)));
    },
    get throttle() {
      return lazy('throttle', () => dynamoThrottleStore(dynamo(), setting(TABLES.throttle.envVar)));
    },
    get accessLog() {
      return lazy('accessLog', () => dynamoAccessLogStore(dynamo(), setting(TABLES.accessLog.envVar)));
    },
    get mailer() {
      return lazy('mailer', () =>
        sesMailer(new SESv2Client({ ...base, endpoint: aws.endpoints?.ses, maxAttempts: 2 }), setting('MAIL_FROM'), setting('MAIL_TIMEOUT_MS')),
      );
    },
    get images() {
      return lazy('images', () => s3ImageStore(storage(), setting('IMAGES_BUCKET')));
    },
    get exports() {
      return lazy('exports', () => s3ExportStore(storage(), setting('EXPORTS_BUCKET')));
    },
  };
}
