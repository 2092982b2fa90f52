/**
 * Functions on a table's stream (STREAM_CONSUMERS in shared/resources.ts):
 * the access log's copy into its Object Lock bucket. Each reads its table's
 * stream from the start of what the stream holds (24 hours), in order per
 * shard. A failed batch is tried again, split in halves to find a bad record,
 * until its records leave the stream; then its place lands in the jobs'
 * failure queue, with its alarm.
 */
import { Duration } from 'aws-cdk-lib';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { STREAM_CONSUMERS, type StreamConsumerName } from '../../shared/resources';
import { acknowledge } from '../nag';
import { type BackgroundFunctionsProps, backgroundFunction } from './functions/background-function';
import type { RouteFunction } from './functions/route-function';

export class Streams extends Construct {
  readonly functions: Record<StreamConsumerName, RouteFunction>;

  constructor(scope: Construct, id: string, props: BackgroundFunctionsProps) {
    super(scope, id);
    this.functions = Object.fromEntries(
      STREAM_CONSUMERS.map((consumer) => [consumer.name, this.consumer(consumer, props)]),
    ) as Record<StreamConsumerName, RouteFunction>;
  }

  private consumer(consumer: (typeof STREAM_CONSUMERS)[number], props: BackgroundFunctionsProps): RouteFunction {
    const fn = backgroundFunction(
      this,
      consumer.name,
      `Reads the ${consumer.table} table's stream (${consumer.name})`,
      props,
    );
    fn.bindUses(consumer.uses, props.resources, { listing: false });
    fn.addEventSource(
      new DynamoEventSource(props.resources.tables[consumer.table], {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 1_000,
        // Fewer, larger objects under a flood; a quiet day's rows wait at most this long.
        maxBatchingWindow: Duration.minutes(1),
        bisectBatchOnError: true,
        onFailure: new SqsDlq(props.failures),
      }),
    );
    if (fn.role) {
      acknowledge(
        fn.role,
        'AwsSolutions-IAM5[Resource::*]',
        "dynamodb:ListStreams, which Lambda's event source mapping needs, has no resource of its own (IAM takes only '*' for it); the stream's records are read (DescribeStream, GetRecords, GetShardIterator) on this table's stream alone.",
      );
    }
    return fn;
  }
}
