/**
 * Every dependency a handler may be built from: the platform's base (settings,
 * clock, log) and every feature's stores. Each AWS service is wired in its
 * own module, so a Lambda bundle holds only the SDK clients its route uses;
 * `wiring/all.ts` wires every one for the local stack.
 */
import type { BaseDeps } from './platform/deps';
import type { DynamoDeps } from './wiring/dynamodb';
import type { KmsDeps } from './wiring/kms';
import type { LambdaDeps } from './wiring/lambda';
import type { S3Deps } from './wiring/s3';
import type { SesDeps } from './wiring/ses';
import type { TranslateDeps } from './wiring/translate';

export type AppDeps = BaseDeps & DynamoDeps & S3Deps & SesDeps & TranslateDeps & LambdaDeps & KmsDeps;
