/**
 * The background functions (jobs, workers, stream consumers, mail receivers):
 * RouteFunctions (route-function.ts) sized and timed as their features
 * declare them, each with its own Errors and Throttles alarms (../alarms.ts),
 * and what their constructs are made with.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { backgroundDeclaration } from '../../../functions/features';
import { functionAlarms } from '../alarms';
import type { BindableResources } from './bindable-resources';
import { RouteFunction, pascal } from './route-function';

/** Where a function's log goes and how long it stays. */
export interface FunctionLogs {
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
}

/** How a function is watched: its log, and the topic its alarms tell (../alarms.ts). */
export interface FunctionWatch extends FunctionLogs {
  alarmTopic: ITopic;
}

/** What the constructs of background functions (workers, stream consumers) are made with. */
export interface BackgroundFunctionsProps extends FunctionWatch {
  resources: BindableResources;
  /** Where a run that failed (or an event too old to run) is recorded: the jobs' failure queue, with its alarm. */
  failures: IQueue;
}

/**
 * A background function (a job, a worker, a stream consumer), sized and timed as its feature declares it
 * (functions/features.ts), with its alarms. Every one sends a run it gives up on to the jobs' failure queue.
 */
export function backgroundFunction(
  scope: Construct,
  name: string,
  description: string,
  watch: FunctionWatch,
  reservedConcurrency?: number,
): RouteFunction {
  const { sizing } = backgroundDeclaration(name);
  const fn = new RouteFunction(scope, `${pascal(name)}Function`, {
    entryName: name,
    description,
    memoryMiB: sizing.memoryMiB,
    timeout: Duration.seconds(sizing.timeoutSeconds),
    ...(reservedConcurrency === undefined ? {} : { reservedConcurrency }),
    logRetention: watch.logRetention,
    logRemovalPolicy: watch.logRemovalPolicy,
  });
  functionAlarms(
    scope,
    watch.alarmTopic,
    name,
    [{ fn, about: description }],
    "The function's log group says what failed; a run given up on is kept in the failure queue (the JobFailureQueue output).",
  );
  return fn;
}
