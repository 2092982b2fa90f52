/**
 * Background workers of the route table (WORKERS in shared/resources.ts): the
 * export worker, which API routes start with an asynchronous invocation and
 * never wait for. Each is bound to exactly what its `uses` lists; the routes
 * that start it may invoke it and nothing else (RouteFunction.bindWorker).
 */
import { Duration } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Construct } from 'constructs';
import { EXPORT_STALL_MS } from '../../shared/exports/export-jobs';
import { WORKERS, WORKER_NAMES, type WorkerName } from '../../shared/resources';
import { WORKER_CONCURRENCY } from '../limits';
import { type BackgroundFunctionsProps, backgroundFunction } from './functions/background-function';
import type { RouteFunction } from './functions/route-function';

export class Workers extends Construct {
  readonly functions: Record<WorkerName, RouteFunction>;

  constructor(scope: Construct, id: string, props: BackgroundFunctionsProps) {
    super(scope, id);
    const functions: Partial<Record<WorkerName, RouteFunction>> = {};
    for (const name of WORKER_NAMES) {
      // Memory and time are the worker's declaration's (functions/exports/routes.ts says why); how many run at once, the stage's limits'.
      const fn = backgroundFunction(
        this,
        name,
        `Background worker ${name}, started asynchronously by the API`,
        props,
        WORKER_CONCURRENCY[name],
      );
      fn.bindUses(WORKERS[name].uses, props.resources, { listing: true });
      // No retries: a job is claimed once, so a second run would find it taken and do nothing; the staff member starts
      // it again. An event not run within the stall window is dropped: the status route has failed its job by then.
      fn.configureAsyncInvoke({
        onFailure: new SqsDestination(props.failures),
        retryAttempts: 0,
        maxEventAge: Duration.millis(EXPORT_STALL_MS),
      });
      functions[name] = fn;
    }
    this.functions = functions as Record<WorkerName, RouteFunction>;
  }
}
