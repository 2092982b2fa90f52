/**
 * A queue that keeps what an operator must read, which nothing consumes (the
 * failed runs of the jobs and workers, the bounces and complaints of the
 * mail): encrypted, reached over TLS only, kept 14 days (SQS's longest), with
 * an alarm of the stage (./alarms.ts) as soon as anything is in it. The
 * stage's every such queue is made here.
 */
import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { stageAlarm } from './alarms';

export function operatorQueue(
  scope: Construct,
  id: string,
  alarmTopic: ITopic,
  texts: { whyNoDeadLetterQueue: string; alarmDescription: string; alarmWhat: string },
): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(queue, 'AwsSolutions-SQS3', texts.whyNoDeadLetterQueue);
  stageAlarm(scope, `${id}Alarm`, alarmTopic, {
    what: texts.alarmWhat,
    alarmDescription: texts.alarmDescription,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
  return queue;
}
