import type { Settings } from '../config';
import { type AppDeps, baseDeps, systemClock } from '../deps';
import type { Log } from '../logging';
import type { Clock } from '../ports';
import type { AwsClientOptions } from './aws';
import { dynamoDeps } from './dynamodb';
import { lambdaDeps } from './lambda';
import { mergeLazy } from './lazy';
import { s3Deps } from './s3';
import { sesDeps } from './ses';

/** Every adapter, for the local stack (a Lambda entry wires only what its route uses). */
export function createDeps(settings: Partial<Settings>, aws: AwsClientOptions, log: Log, clock: Clock = systemClock): AppDeps {
  return mergeLazy(baseDeps(settings, log, clock), dynamoDeps(settings, aws, clock), s3Deps(settings, aws), sesDeps(settings, aws), lambdaDeps(settings, aws));
}
