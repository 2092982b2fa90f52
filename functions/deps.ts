/**
 * The dependencies handlers are built from. Each AWS service is wired in its
 * own module (`wiring/`), so a Lambda bundle holds only the SDK clients its
 * route uses; `wiring/all.ts` wires every one for the local stack.
 */
import type { Settings } from './config';
import type { Log } from './logging';
import type { Clock } from './ports';
import type { DynamoDeps } from './wiring/dynamodb';
import type { KmsDeps } from './wiring/kms';
import type { LambdaDeps } from './wiring/lambda';
import type { S3Deps } from './wiring/s3';
import type { SesDeps } from './wiring/ses';
import type { TranslateDeps } from './wiring/translate';

export type { AwsClientOptions } from './wiring/aws';

export interface BaseDeps {
  settings: Settings;
  clock: Clock;
  log: Log;
}

export type AppDeps = BaseDeps & DynamoDeps & S3Deps & SesDeps & TranslateDeps & LambdaDeps & KmsDeps;

export const systemClock: Clock = { now: () => Date.now() };

export function baseDeps(settings: Partial<Settings>, log: Log, clock: Clock = systemClock): BaseDeps {
  return { settings: settings as Settings, clock, log };
}
