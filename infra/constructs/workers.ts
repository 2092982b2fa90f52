/**
 * Background workers of the route table (WORKERS in shared/routes.ts): the
 * export worker, which API routes start with an asynchronous invocation and
 * never wait for. Each is bound to exactly what its `uses` lists; the routes
 * that start it may invoke it and nothing else (RouteFunction.bindWorker).
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EXPORT_STALL_MS } from '../../shared/exports/export-jobs';
import { backgroundDeclaration } from '../../functions/features';
import { WORKERS, WORKER_NAMES, type WorkerName } from '../../shared/resources';
import { WORKER_CONCURRENCY } from '../limits';
import { type BindableResources, RouteFunction, pascal } from './route-function';

export interface WorkersProps {
  resources: BindableResources;
  /** Where a run that failed (or an event too old to run) is recorded: the jobs' failure queue, with its alarm. */
  failures: IQueue;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
}

export class Workers extends Construct {
  readonly functions: Record<WorkerName, RouteFunction>;

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id);
    const functions: Partial<Record<WorkerName, RouteFunction>> = {};
    for (const name of WORKER_NAMES) {
      // Memory and time are the worker's declaration's (functions/exports/routes.ts says why); how many run at once, the stage's limits'.
      const { sizing } = backgroundDeclaration(name);
      const fn = new RouteFunction(this, `${pascal(name)}Function`, {
        entryName: name,
        description: `Background worker ${name}, started asynchronously by the API`,
        memoryMiB: sizing.memoryMiB,
        timeout: Duration.seconds(sizing.timeoutSeconds),
        reservedConcurrency: WORKER_CONCURRENCY[name],
        logRetention: props.logRetention,
        logRemovalPolicy: props.logRemovalPolicy,
      });
      fn.bindUses(WORKERS[name].uses, props.resources, { listing: true });
      // No retries: a job is claimed once, so a second run would find it taken and do nothing; the staff member starts
      // it again. An event not run within the stall window is dropped: the status route has failed its job by then.
      fn.configureAsyncInvoke({ onFailure: new SqsDestination(props.failures), retryAttempts: 0, maxEventAge: Duration.millis(EXPORT_STALL_MS) });
      functions[name] = fn;
    }
    this.functions = functions as Record<WorkerName, RouteFunction>;
  }
}
