/**
 * Scheduled jobs of the route table (SCHEDULED_JOBS in shared/resources.ts): the
 * mail-retry job on an EventBridge Scheduler schedule. A run that cannot be
 * delivered (scheduler) or fails (function, invoked asynchronously) lands in
 * an SQS failure queue, with an alarm on its depth; the background workers
 * (workers.ts), the stream consumers (streams.ts) and the mail receiver
 * (receiving.ts) send their failed runs there too.
 */
import { Aws, type CfnElement, Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SCHEDULED_JOBS } from '../../shared/resources';
import { acknowledge } from '../nag';
import { operatorQueue } from './operator-queue';
import { backgroundFunction } from './functions/background-function';
import type { BindableResources } from './functions/bindable-resources';
import { type RouteFunction, pascal } from './functions/route-function';

export interface JobsProps {
  resources: BindableResources;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** The topic the stage's alarms tell (./alarms.ts). */
  alarmTopic: ITopic;
}

export class Jobs extends Construct {
  readonly functions: Record<(typeof SCHEDULED_JOBS)[number]['name'], RouteFunction>;
  readonly failures: Queue;
  readonly schedules: Schedule[] = [];

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    this.failures = operatorQueue(this, 'Failures', props.alarmTopic, {
      alarmWhat: 'job-failures-queue',
      whyNoDeadLetterQueue:
        'This queue is itself the failure destination (dead-letter queue) of the scheduled jobs; nothing consumes it automatically, so a queue behind it would never receive anything. Its depth has an alarm.',
      alarmDescription:
        'A scheduled job (mail retry, retention), the export worker, the access log copy or the mail receiver (after its retries) failed or could not be started: read the message in the failure queue and the function log (a received mail stays in the inbound bucket: docs/deployment.md says how to file it again).',
    });

    const functions: Partial<Record<(typeof SCHEDULED_JOBS)[number]['name'], RouteFunction>> = {};
    for (const job of SCHEDULED_JOBS) {
      const fn = backgroundFunction(
        this,
        job.name,
        `Scheduled job ${job.name}, every ${job.everyMinutes} minutes`,
        props,
      );
      fn.bindUses(job.uses, props.resources, { listing: true });
      // The next run comes within minutes: no retries of a failed run, just a record of it.
      // Lambda keeps an asynchronous event at most 6 hours; a daily job's run is still current within that.
      fn.configureAsyncInvoke({
        onFailure: new SqsDestination(this.failures),
        retryAttempts: 0,
        maxEventAge: Duration.minutes(Math.min(job.everyMinutes, 6 * 60)),
      });
      const scheduleRole = new iam.Role(this, `${pascal(job.name)}ScheduleRole`, {
        // Only schedules of this account may use it (confused-deputy guard).
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
        }),
        description: `Lets EventBridge Scheduler start ${job.name}`,
      });
      const functionLogicalId = Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnElement);
      acknowledge(
        scheduleRole,
        `AwsSolutions-IAM5[Resource::<${functionLogicalId}.Arn>:*]`,
        `lambda:InvokeFunction on the ${job.name} function only; the ':*' is the version qualifier CDK's grantInvoke always adds (the function has no aliases or published versions).`,
      );
      this.schedules.push(
        new Schedule(this, `${pascal(job.name)}Schedule`, {
          description: `Runs ${job.name} every ${job.everyMinutes} minutes`,
          schedule: ScheduleExpression.rate(Duration.minutes(job.everyMinutes)),
          target: new LambdaInvoke(fn, {
            role: scheduleRole,
            deadLetterQueue: this.failures,
            retryAttempts: 2,
            maxEventAge: Duration.minutes(job.everyMinutes),
          }),
        }),
      );
      functions[job.name] = fn;
    }
    this.functions = functions as Record<(typeof SCHEDULED_JOBS)[number]['name'], RouteFunction>;
  }
}
