/**
 * The stage's alarms, made one way: each named after the stage's main stack
 * (`MedicalTourism-<stage>-<what>`, so stages in one account are told apart
 * and an alarm's name says which stage it is about), each telling the stage's
 * alarm topic when it goes off and when it is OK again, missing data counted
 * as all well (a function that did not run did not fail).
 *
 * A function's Errors are what its handler did not answer for (a crash, a
 * time-out, running out of memory: an API route's own failures are answered
 * 503 and logged, and count as no error), its Throttles the runs Lambda
 * refused for want of concurrency. A background function (a job, a worker, a
 * stream consumer, the mail receiver) has an alarm of each of its own. An API
 * feature's routes share theirs, one alarm of each for up to ten functions,
 * summed by metric math (CloudWatch takes at most 10 metrics in such an
 * alarm): two alarms per route would add two resources to each route's six,
 * and with three times its routes the accounts feature's nested stack would
 * pass the 300 resources of the template budget
 * (tests/infra/template-budget.test.ts). The alarm's description names its
 * routes; their functions' logs say which one failed.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  type AlarmProps,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** CloudWatch's most metrics in one alarm on metric math (a hard limit: 'Limits that apply to alarms based on metric math expressions'). */
export const MAX_METRICS_PER_ALARM = 10;

/** The period every alarm of the stage looks at. */
export const ALARM_PERIOD = Duration.minutes(5);

/** The stage's main stack, from anywhere in it or in one of its nested stacks. */
function stageStackOf(scope: Construct): Stack {
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return stack;
}

/** An alarm's name: the stage's main stack's, then what it watches. */
export const alarmNameOf = (scope: Construct, what: string) => `${stageStackOf(scope).stackName}-${what}`;

/** The topic every alarm of the stage tells: an operator subscribes to it (docs/deploying.md, 'Alarms and tracing'). */
export function alarmTopic(scope: Construct, id: string): Topic {
  const topic = new Topic(scope, id, {
    displayName: `Alarms of ${stageStackOf(scope).stackName}`,
    enforceSSL: true,
  });
  acknowledge(
    topic,
    'AwsSolutions-SNS2',
    "Not encrypted with KMS: CloudWatch cannot publish to a topic under the AWS managed SNS key, and a key of the stage's own would be one more stateful resource to keep for messages that hold no personal data (an alarm's name, state, reason and metric values). Publishing over TLS only is enforced.",
  );
  return topic;
}

export interface StageAlarmProps extends Omit<AlarmProps, 'alarmName' | 'evaluationPeriods'> {
  /** What the alarm watches, the end of its name (`job-failures-queue`). */
  what: string;
  evaluationPeriods?: number;
}

/** An alarm of the stage (the module's comment): named for the stage, telling the topic. */
export function stageAlarm(scope: Construct, id: string, topic: ITopic, props: StageAlarmProps): Alarm {
  const { what, ...alarmProps } = props;
  const alarm = new Alarm(scope, id, {
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
    ...alarmProps,
    alarmName: alarmNameOf(scope, what),
  });
  const action = new SnsAction(topic);
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
  return alarm;
}

/** One metric of every function, summed (a missing point counts 0); one function's metric as it is. */
function summed(functions: readonly IFunction[], metricOf: (fn: IFunction) => IMetric): IMetric {
  const [only] = functions;
  if (functions.length === 1 && only) return metricOf(only);
  const usingMetrics = Object.fromEntries(functions.map((fn, index) => [`m${index + 1}`, metricOf(fn)]));
  return new MathExpression({
    expression: Object.keys(usingMetrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + '),
    usingMetrics,
    period: ALARM_PERIOD,
  });
}

/**
 * The Errors and Throttles alarms of some functions (`what`: a background function's name, or
 * `api-<feature>`), ten functions an alarm; `about` tells the operator what each is (a
 * background function's description, a route), `then` what to do about an error.
 */
export function functionAlarms(
  scope: Construct,
  topic: ITopic,
  what: string,
  functions: readonly { fn: IFunction; about: string }[],
  then = "The function's log group says what failed.",
): Alarm[] {
  const chunks: (typeof functions)[] = [];
  for (let start = 0; start < functions.length; start += MAX_METRICS_PER_ALARM)
    chunks.push(functions.slice(start, start + MAX_METRICS_PER_ALARM));
  const idPrefix = what.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
  return chunks.flatMap((chunk, index) => {
    const [suffix, idSuffix] = chunks.length === 1 ? ['', ''] : [`-${index + 1}`, `${index + 1}`];
    const about = chunk.map((entry) => entry.about).join('; ');
    const fns = chunk.map((entry) => entry.fn);
    const metric = { period: ALARM_PERIOD, statistic: Stats.SUM };
    return [
      stageAlarm(scope, `${idPrefix}ErrorsAlarm${idSuffix}`, topic, {
        what: `${what}-errors${suffix}`,
        alarmDescription: `A function failed without answering (a crash, a time-out, out of memory) in the last five minutes: ${about}. ${then}`,
        metric: summed(fns, (fn) => fn.metricErrors(metric)),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      }),
      stageAlarm(scope, `${idPrefix}ThrottlesAlarm${idSuffix}`, topic, {
        what: `${what}-throttles${suffix}`,
        alarmDescription: `Lambda refused a run for want of concurrency (the function's reserved concurrency, or the account's in the region) in the last five minutes: ${about}. Check the account's concurrency quota and what else runs in it.`,
        metric: summed(fns, (fn) => fn.metricThrottles(metric)),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      }),
    ];
  });
}
