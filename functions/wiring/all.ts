import type { Settings } from '../platform/config';
import type { AppDeps } from '../deps';
import { baseDeps, systemClock } from '../platform/deps';
import type { Log } from '../platform/logging';
import type { Clock } from '../platform/ports';
import type { AwsClientOptions } from '../platform/wiring/aws';
import { dynamoDeps } from './dynamodb';
import type { KmsDeps } from './kms';
import type { LambdaDeps } from './lambda';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Deps } from './s3';
import { sesDeps } from './ses';
import { translateDeps } from './translate';

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
  );
}
