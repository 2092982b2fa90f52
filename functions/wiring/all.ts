import { policies, revokedTokens, staff } from '../accounts/adapters/stores';
import type { KmsDeps } from '../accounts/adapters/kms';
import { accessLog, accessLogCopies } from '../audit/adapters/stores';
import { inbound, keptMail, sentMailIds } from '../conversation/adapters/stores';
import { aggregates } from '../dashboard/adapters/stores';
import type { AppDeps, DynamoDeps, S3Deps } from '../deps';
import { ALL_PARTS } from '../enquiry-parts';
import { counters, enquiries } from '../enquiries/adapters/stores';
import type { LambdaDeps } from '../exports/adapters/lambda';
import { enquiryExports, exportJobs, exports } from '../exports/adapters/stores';
import { submissions } from '../intake/adapters/stores';
import { sesDeps } from '../mail/adapters/ses';
import { outbox } from '../mail/adapters/stores';
import { images, packages } from '../packages/adapters/stores';
import type { Settings } from '../platform/config';
import { baseDeps, systemClock } from '../platform/deps';
import type { Log } from '../platform/logging';
import type { Clock } from '../platform/ports';
import type { AwsClientOptions } from '../platform/wiring/aws';
import { dynamoStores, throttle } from '../platform/wiring/dynamodb-stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { erasures } from '../privacy/adapters/stores';
import { tagIndex } from '../tags/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { translateDeps } from '../translation/adapters/translate';
import { events, templates, templateVersions } from '../work/adapters/stores';

/** Every DynamoDB store, for the local stack (a Lambda entry names only those its route uses). */
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

/** Every S3 store, for the local stack. */
export function s3Deps(settings: Partial<Settings>, aws: AwsClientOptions): S3Deps {
  return s3Stores<S3Deps>(settings, aws, { images, exports, accessLogCopies, inbound });
}

/**
 * Every adapter, for the local stack (a Lambda entry wires only what its
 * route uses). The background workers are the caller's: the local stack runs
 * them in its own process instead of invoking Lambda functions. So is the
 * TOTP sealer: KMS when the stack is given a key, else its own.
 */
export function createDeps(
  settings: Partial<Settings>,
  aws: AwsClientOptions,
  log: Log,
  clock: Clock = systemClock,
  workers: LambdaDeps,
  sealing: KmsDeps,
): AppDeps {
  return mergeLazy(
    baseDeps(settings, log, clock),
    dynamoDeps(settings, aws, clock),
    s3Deps(settings, aws),
    sesDeps(settings, aws),
    translateDeps(settings, aws),
    workers,
    sealing,
    { enquiryParts: ALL_PARTS },
  );
}
