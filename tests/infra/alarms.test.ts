/**
 * Operable when it fails (infra/constructs/alarms.ts): every function and the
 * API stage trace with X-Ray; every function's Errors and Throttles, the
 * API's 5XX answers and each operator queue's depth have an alarm, named for
 * the stage and telling its one alarm topic; no alarm sums more metrics than
 * CloudWatch takes.
 */
import { describe, expect, it } from 'vitest';
import { MAX_METRICS_PER_ALARM } from '../../infra/constructs/alarms';
import { declaredFunctions, logicalId, render, unbundledStackForFile } from './helpers';

const made = unbundledStackForFile();

interface MetricStat {
  Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string; Value: unknown }[] };
}
interface AlarmProperties {
  AlarmName: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: { Id: string; MetricStat?: MetricStat; Expression?: string }[];
}

const alarms = () =>
  Object.values(made.template.findResources('AWS::CloudWatch::Alarm')).map(
    (alarm) => alarm.Properties as AlarmProperties,
  );

/** Every metric an alarm reads, as `Namespace MetricName dimension=value,...`. */
function metricsOf(alarm: AlarmProperties): string[] {
  const line = (namespace = '', name = '', dimensions: { Name: string; Value: unknown }[] = []) =>
    `${namespace} ${name} ${dimensions.map((dimension) => `${dimension.Name}=${render(dimension.Value)}`).join(',')}`;
  if (!alarm.Metrics) return [line(alarm.Namespace, alarm.MetricName, alarm.Dimensions)];
  return alarm.Metrics.flatMap((query) =>
    query.MetricStat
      ? [
          line(
            query.MetricStat.Metric.Namespace,
            query.MetricStat.Metric.MetricName,
            query.MetricStat.Metric.Dimensions,
          ),
        ]
      : [],
  );
}

describe('tracing', () => {
  it('traces every function actively with X-Ray', () => {
    const functions = declaredFunctions(made.stack);
    expect(functions.length).toBeGreaterThan(50);
    for (const { name, fn } of functions)
      expect(made.template.toJSON().Resources[logicalId(fn)].Properties.TracingConfig, name).toEqual({
        Mode: 'Active',
      });
  });

  it('traces the API stage', () => {
    expect(made.template.toJSON().Resources[logicalId(made.stack.api.stage)].Properties.TracingEnabled).toBe(true);
  });
});

describe('alarms', () => {
  it('are each named for the stage, once, and tell the stage alarm topic when they go off and when all is well again', () => {
    const topic = `<${logicalId(made.stack.alarmTopic)}>`;
    expect(Object.keys(made.template.findResources('AWS::SNS::Topic'))).toEqual([logicalId(made.stack.alarmTopic)]);
    const names = alarms().map((alarm) => alarm.AlarmName);
    expect(new Set(names).size).toBe(names.length);
    for (const alarm of alarms()) {
      expect(alarm.AlarmName).toMatch(/^MedicalTourism-test-[A-Za-z0-9-]+$/);
      expect(alarm.AlarmActions.map(render), alarm.AlarmName).toEqual([topic]);
      expect(alarm.OKActions.map(render), alarm.AlarmName).toEqual([topic]);
    }
    made.template.hasOutput('AlarmTopicArn', { Value: { Ref: logicalId(made.stack.alarmTopic) } });
  });

  it("watch every function's Errors and Throttles, each function in one alarm of each", () => {
    const watched = alarms().flatMap(metricsOf);
    for (const { name, fn } of declaredFunctions(made.stack)) {
      for (const metric of ['Errors', 'Throttles']) {
        const line = `AWS/Lambda ${metric} FunctionName=<${logicalId(fn)}>`;
        expect(
          watched.filter((watchedLine) => watchedLine === line),
          `${name} ${metric}`,
        ).toHaveLength(1);
      }
    }
  });

  it(`sum at most ${MAX_METRICS_PER_ALARM} metrics, each missing point as 0`, () => {
    const summed = alarms().filter((alarm) => alarm.Metrics);
    expect(summed.length).toBeGreaterThan(0);
    for (const alarm of summed) {
      expect(metricsOf(alarm).length, alarm.AlarmName).toBeLessThanOrEqual(MAX_METRICS_PER_ALARM);
      const [expression] = (alarm.Metrics ?? []).flatMap((query) => (query.Expression ? [query.Expression] : []));
      const ids = (alarm.Metrics ?? []).flatMap((query) => (query.MetricStat ? [query.Id] : []));
      expect(expression, alarm.AlarmName).toBe(ids.map((id) => `FILL(${id}, 0)`).join(' + '));
    }
  });

  it("give the mail receiver's errors an alarm of their own", () => {
    const receiver = made.stack.receiving.functions.receiveMail;
    const own = alarms().find((alarm) => alarm.AlarmName === 'MedicalTourism-test-receiveMail-errors');
    expect(own && metricsOf(own)).toEqual([`AWS/Lambda Errors FunctionName=<${logicalId(receiver)}>`]);
  });

  it("watch the depth of every operator queue: the jobs' failures (the mail receiver's among them) and the mail's problems", () => {
    const depths = alarms()
      .filter((alarm) => alarm.MetricName === 'ApproximateNumberOfMessagesVisible')
      .map((alarm) => [alarm.AlarmName, metricsOf(alarm)[0]]);
    expect(Object.keys(made.template.findResources('AWS::SQS::Queue')).sort()).toEqual(
      [logicalId(made.stack.jobs.failures), logicalId(made.stack.mail.problems)].sort(),
    );
    expect(depths.sort()).toEqual(
      [
        [
          'MedicalTourism-test-job-failures-queue',
          `AWS/SQS ApproximateNumberOfMessagesVisible QueueName=<${logicalId(made.stack.jobs.failures)}.QueueName>`,
        ],
        [
          'MedicalTourism-test-mail-problems-queue',
          `AWS/SQS ApproximateNumberOfMessagesVisible QueueName=<${logicalId(made.stack.mail.problems)}.QueueName>`,
        ],
      ].sort(),
    );
  });

  it("watch the API stage's 5XX answers", () => {
    const serverErrors = alarms().find((alarm) => alarm.AlarmName === 'MedicalTourism-test-api-5xx');
    expect(serverErrors && metricsOf(serverErrors)).toEqual([
      `AWS/ApiGateway 5XXError ApiName=MedicalTourism-test-api,Stage=<${logicalId(made.stack.api.stage)}>`,
    ]);
  });
});
