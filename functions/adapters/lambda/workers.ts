/**
 * Starting a background worker: Lambda's Invoke call with InvocationType
 * Event, written by hand over aws-request.ts (the SDK's signer and HTTP
 * handler) like the S3 and SES calls, instead of the SDK's Lambda client,
 * whose model and protocol would put some 70 KiB minified into the export
 * route's bundle for this one request.
 */
import { AwsService, type AwsServiceOptions } from '../aws-request';
import type { ExportWorker } from '../../ports';

/** The payload the export worker's entry reads (functions/entries/exportWorker.ts). */
export interface ExportWorkerEvent {
  jobId: string;
}

/** The Lambda endpoint, region and credentials of a function (the environment's when not given). */
export function lambdaService(options: Pick<AwsServiceOptions, 'region' | 'credentials' | 'endpoint'> = {}): AwsService {
  return new AwsService({ signingName: 'lambda', hostLabel: 'lambda', endpointVariable: 'LAMBDA', ...options });
}

/**
 * Starts the export worker with an asynchronous invocation: Lambda queues the
 * event and answers 202 at once, so the route that starts a job never waits
 * for it, whatever its size.
 */
export function lambdaExportWorker(lambda: Pick<AwsService, 'send'>, functionName: string): ExportWorker {
  return {
    async start(jobId) {
      const event: ExportWorkerEvent = { jobId };
      await lambda.send({
        method: 'POST',
        path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
        headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
        body: JSON.stringify(event),
      });
    },
  };
}
