/**
 * A queue that keeps what an operator must read, which nothing consumes (the
 * failed runs of the jobs and workers, the bounces and complaints of the
 * mail): encrypted, reached over TLS only, kept 14 days (SQS's longest), with
 * an alarm as soon as anything is in it.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';

export function operatorQueue(
  scope: Construct,
  id: string,
  texts: { whyNoDeadLetterQueue: string; alarmDescription: string },
): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(queue, 'AwsSolutions-SQS3', texts.whyNoDeadLetterQueue);
  new Alarm(scope, `${id}Alarm`, {
    alarmDescription: texts.alarmDescription,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return queue;
}
