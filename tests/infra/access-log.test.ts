/**
 * The access log's guarantees below the code, in the template: the table's
 * stream (new and old images) delivered by one small function into a bucket
 * under S3 Object Lock, locked for the access log's retention (compliance
 * mode in production); that function may only put objects there and read
 * the stream; no role may remove, overwrite-by-bypass or unlock the copy.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { backgroundDeclaration } from '../../functions/features';
import { accessLogCopyLockDays } from '../../infra/constructs/data';
import type { MedicalTourismStack } from '../../infra/stack';
import { RETENTION, accessLogRetentionSeconds } from '../../shared/privacy/retention';
import { TABLE_KEYS } from '../../shared/tables';
import {
  TRACING_PERMISSIONS,
  logicalId,
  permissionsOfRole,
  render,
  stageTemplate,
  testApp,
  unbundledStackForFile,
} from './helpers';

const made = unbundledStackForFile();
let prod: { stack: MedicalTourismStack; template: Template };

beforeAll(() => {
  const { stack } = testApp({ stage: 'prod', mailDomain: 'example.com' }, { bundle: false });
  prod = { stack, template: stageTemplate(stack) };
}, 300_000);

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
const resourceOf = (template: Template, id: string) => template.toJSON().Resources[id] as Resource;
const copy = () => made.stack.streams.functions.accessLogCopy;
const copyBucket = (stack: MedicalTourismStack) => stack.data.buckets.accessLogCopy;

describe('the access log table', () => {
  it('has a stream of new and old images, and is the only table with one', () => {
    for (const key of TABLE_KEYS) {
      const stream = resourceOf(made.template, logicalId(made.stack.data.tables[key])).Properties.StreamSpecification;
      expect(stream, key).toEqual(key === 'accessLog' ? { StreamViewType: 'NEW_AND_OLD_IMAGES' } : undefined);
    }
  });
});

describe('the copy bucket', () => {
  it("locks every object for the access log's retention: compliance mode in production, governance in a test stage", () => {
    const days = accessLogCopyLockDays();
    // At least as long as the table keeps a row (its TTL), and not a day more than the retention rounded up.
    expect(days * 86_400).toBeGreaterThanOrEqual(accessLogRetentionSeconds());
    expect(days).toBeLessThanOrEqual(Math.ceil((RETENTION.accessLogMonths * 31 * 86_400) / 86_400));
    for (const [stack, template, mode] of [
      [prod.stack, prod.template, 'COMPLIANCE'],
      [made.stack, made.template, 'GOVERNANCE'],
    ] as const) {
      const bucket = resourceOf(template, logicalId(copyBucket(stack)));
      expect(bucket.Properties).toMatchObject({
        ObjectLockEnabled: true,
        ObjectLockConfiguration: {
          ObjectLockEnabled: 'Enabled',
          Rule: { DefaultRetention: { Mode: mode, Days: days } },
        },
        VersioningConfiguration: { Status: 'Enabled' },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      });
      expect(bucket.DeletionPolicy).toBe('Retain');
      // Gone once its lock has run out, as the table's rows go.
      expect((bucket.Properties.LifecycleConfiguration as { Rules: unknown[] }).Rules).toEqual([
        expect.objectContaining({
          ExpirationInDays: days + 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        }),
      ]);
    }
  });

  it('lets only the copy function put objects in it, and no role delete, unlock or bypass the lock', () => {
    const bucket = `<${logicalId(copyBucket(made.stack))}.Arn>`;
    const copyRole = logicalId(copy().role!);
    for (const role of Object.keys(made.template.findResources('AWS::IAM::Role'))) {
      const lines = [...permissionsOfRole(made.template, role)].filter(
        (line) => line.includes(bucket) || (/ \*( |$)/.test(line) && line.startsWith('s3:')),
      );
      expect(lines, role).toEqual(role === copyRole ? [`s3:PutObject ${bucket}/*`] : []);
    }
  });
});

describe('the copy function', () => {
  it('is declared like the other background functions, and reads the table stream from its start, splitting a failing batch, its failures in the failure queue', () => {
    expect(backgroundDeclaration('accessLogCopy').sizing).toEqual({ memoryMiB: 512, timeoutSeconds: 60 });
    const mappings = Object.values(made.template.findResources('AWS::Lambda::EventSourceMapping')) as Resource[];
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 1000,
      MaximumBatchingWindowInSeconds: 60,
      BisectBatchOnFunctionError: true,
    });
    expect(render(mappings[0]?.Properties.FunctionName)).toBe(`<${logicalId(copy())}>`);
    expect(render(mappings[0]?.Properties.EventSourceArn)).toBe(
      `<${logicalId(made.stack.data.tables.accessLog)}.StreamArn>`,
    );
    expect(
      render(
        (mappings[0]?.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination,
      ),
    ).toBe(`<${logicalId(made.stack.jobs.failures)}.Arn>`);
  });

  it('may read the stream and put copies, nothing else: no item of any table, no other bucket', () => {
    const stream = `<${logicalId(made.stack.data.tables.accessLog)}.StreamArn>`;
    const failures = `<${logicalId(made.stack.jobs.failures)}.Arn>`;
    const lines = [...permissionsOfRole(made.template, logicalId(copy().role!))].sort();
    expect(lines).toEqual(
      [
        `s3:PutObject <${logicalId(copyBucket(made.stack))}.Arn>/*`,
        'dynamodb:ListStreams *',
        ...['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'].map(
          (action) => `${action} ${stream}`,
        ),
        ...['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'].map((action) => `${action} ${failures}`),
        `logs:CreateLogStream <${logicalId(copy().logGroup)}.Arn>`,
        `logs:PutLogEvents <${logicalId(copy().logGroup)}.Arn>`,
        ...TRACING_PERMISSIONS,
      ].sort(),
    );
  });
});
