import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { ExportWorker } from '../ports';

/** The payload the export worker's entry reads (exportWorker in functions/exports/routes.ts). */
export interface ExportWorkerEvent {
  jobId: string;
}

/**
 * Starts the export worker with an asynchronous invocation (InvocationType
 * Event): Lambda queues the event and answers 202 at once, so the route that
 * starts a job never waits for it, whatever its size.
 */
export function lambdaExportWorker(lambda: Pick<LambdaClient, 'send'>, functionName: string): ExportWorker {
  return {
    async start(jobId) {
      const event: ExportWorkerEvent = { jobId };
      await lambda.send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(event)),
        }),
      );
    },
  };
}
