/**
 * The access log's immutable copy: the function on the access-log table's
 * stream, declared once (functions/platform/declarations.ts). Its resources are
 * STREAM_CONSUMERS' in shared/resources.ts; the access log's routes (read,
 * CSV) are the privacy feature's. A feature of its own, so its bundle holds
 * the S3 client and nothing of the routes.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { streamConsumerUses } from '../../shared/resources';
import { backgroundHandler, declareBackground } from '../platform/declarations';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { accessLogCopies } from './adapters/stores';
import { copyAccessLogBatch } from './access-log-copy';

/**
 * On the access-log table's stream (AWS only): each batch of writes into the
 * Object Lock copy bucket (access-log-copy.ts). A failed batch is tried again
 * (split in halves to find a bad record) until the stream lets its records
 * go after 24 hours; then it lands in the jobs' failure queue, with its alarm.
 */
export const accessLogCopy = /* @__PURE__ */ declareBackground(
  'accessLogCopy',
  { memoryMiB: 512, timeoutSeconds: 60 },
  () =>
    backgroundHandler(streamConsumerUses('accessLogCopy'), (settings, base) => {
      const deps = mergeLazy(base, s3Stores(settings, {}, { accessLogCopies }));
      return async (event: DynamoDBStreamEvent) => {
        const outcome = await copyAccessLogBatch(deps, event);
        deps.log.info('access log copied', outcome);
        return outcome;
      };
    }),
);
