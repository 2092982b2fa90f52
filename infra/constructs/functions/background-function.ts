/**
 * The background functions (jobs, workers, stream consumers, mail receivers):
 * RouteFunctions (route-function.ts) sized and timed as their features
 * declare them, and what their constructs are made with.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { backgroundDeclaration } from '../../../functions/features';
import type { BindableResources } from './bindable-resources';
import { RouteFunction, pascal } from './route-function';

/** Where a function's log goes and how long it stays. */
export interface FunctionLogs {
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
}

/** What the constructs of background functions (workers, stream consumers) are made with. */
export interface BackgroundFunctionsProps extends FunctionLogs {
  resources: BindableResources;
  /** Where a run that failed (or an event too old to run) is recorded: the jobs' failure queue, with its alarm. */
  failures: IQueue;
}

/** A background function (a job, a worker, a stream consumer), sized and timed as its feature declares it (functions/features.ts). */
export function backgroundFunction(
  scope: Construct,
  name: string,
  description: string,
  logs: FunctionLogs,
  reservedConcurrency?: number,
): RouteFunction {
  const { sizing } = backgroundDeclaration(name);
  return new RouteFunction(scope, `${pascal(name)}Function`, {
    entryName: name,
    description,
    memoryMiB: sizing.memoryMiB,
    timeout: Duration.seconds(sizing.timeoutSeconds),
    ...(reservedConcurrency === undefined ? {} : { reservedConcurrency }),
    logRetention: logs.logRetention,
    logRemovalPolicy: logs.logRemovalPolicy,
  });
}
