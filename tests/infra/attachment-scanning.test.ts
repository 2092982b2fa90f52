/**
 * The malware scan of the visitors' attachments and raw messages
 * (infra/constructs/attachment-scanning.ts): one GuardDuty Malware
 * Protection plan, on the inbound bucket's attachments/ and raw/ alone,
 * tagging each object with its result; its role assumed by GuardDuty's plans
 * of this account alone, with the permissions GuardDuty documents and no
 * more (its own EventBridge rules, the bucket's notifications, its validation
 * object, reading and tagging what it scans); made in the main stack, after
 * the role's policy.
 */
import { describe, expect, it } from 'vitest';
import { INBOUND_ATTACHMENT_PREFIX, INBOUND_RAW_PREFIX } from '../../shared/conversation/visitor-messages';
import { MALWARE_PROTECTION_PRINCIPAL } from '../../infra/constructs/attachment-scanning';
import { logicalId, permissionsOfRole, render, unbundledStackForFile } from './helpers';

const made = unbundledStackForFile();
const scanning = () => made.stack.attachmentScanning;
const plans = () => made.template.findResources('AWS::GuardDuty::MalwareProtectionPlan');

describe('the malware scan of attachments', () => {
  it('is one plan on the inbound bucket, attachments/ and raw/ alone, with tagging on', () => {
    expect(Object.keys(plans())).toEqual([logicalId(scanning().plan)]);
    const { Properties } = Object.values(plans())[0] as { Properties: Record<string, unknown> };
    expect(render(Properties.ProtectedResource)).toBe(
      render({
        S3Bucket: {
          BucketName: { Ref: logicalId(made.stack.data.buckets.inbound) },
          ObjectPrefixes: [INBOUND_ATTACHMENT_PREFIX, INBOUND_RAW_PREFIX],
        },
      }),
    );
    expect([INBOUND_ATTACHMENT_PREFIX, INBOUND_RAW_PREFIX]).toEqual(['attachments/', 'raw/']);
    expect(Properties.Actions).toEqual({ Tagging: { Status: 'ENABLED' } });
    expect(render(Properties.Role)).toBe(`<${logicalId(scanning().role)}.Arn>`);
  });

  it('is made in the main stack, once its role and the role’s policy are', () => {
    expect(made.stack.resolve(scanning().plan.stack.stackName)).toEqual(made.stack.resolve(made.stack.stackName));
    const resource = made.template.toJSON().Resources[logicalId(scanning().plan)] as { DependsOn?: string[] };
    const policy = scanning().role.node.tryFindChild('DefaultPolicy');
    expect(resource.DependsOn).toEqual(expect.arrayContaining([logicalId(scanning().role), logicalId(policy!)]));
  });

  it("has a role only GuardDuty's Malware Protection plans of this account may assume", () => {
    const role = made.template.toJSON().Resources[logicalId(scanning().role)] as {
      Properties: { AssumeRolePolicyDocument: { Statement: Record<string, unknown>[] } };
    };
    const [trust, ...more] = role.Properties.AssumeRolePolicyDocument.Statement;
    expect(more).toEqual([]);
    expect(trust?.Principal).toEqual({ Service: MALWARE_PROTECTION_PRINCIPAL });
    const condition = trust?.Condition as Record<string, Record<string, unknown>>;
    expect(Object.keys(condition).sort()).toEqual(['ArnLike', 'StringEquals']);
    expect(render(condition.StringEquals?.['aws:SourceAccount'])).toBe('<AWS::AccountId>');
    expect(render(condition.ArnLike?.['aws:SourceArn'])).toBe(
      'arn:<AWS::Partition>:guardduty:<AWS::Region>:<AWS::AccountId>:malware-protection-plan/*',
    );
  });

  it('may do what GuardDuty documents for a protected bucket, on attachments/ and raw/ alone, and nothing more', () => {
    const bucket = `<${logicalId(made.stack.data.buckets.inbound)}.Arn>`;
    const rules =
      'arn:<AWS::Partition>:events:<AWS::Region>:<AWS::AccountId>:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*';
    const managed = `{"StringLike":{"events:ManagedBy":"${MALWARE_PROTECTION_PRINCIPAL}"}}`;
    expect([...permissionsOfRole(made.template, logicalId(scanning().role))].sort()).toEqual(
      [
        ...['PutRule', 'DeleteRule', 'PutTargets', 'RemoveTargets'].map(
          (action) => `events:${action} ${rules} if ${managed}`,
        ),
        `events:DescribeRule ${rules}`,
        `events:ListTargetsByRule ${rules}`,
        `s3:PutBucketNotification ${bucket}`,
        `s3:GetBucketNotification ${bucket}`,
        `s3:ListBucket ${bucket}`,
        `s3:PutObject ${bucket}/malware-protection-resource-validation-object`,
        ...[
          'GetObject',
          'GetObjectVersion',
          'GetObjectTagging',
          'GetObjectVersionTagging',
          'PutObjectTagging',
          'PutObjectVersionTagging',
        ].flatMap((action) => [`s3:${action} ${bucket}/attachments/*`, `s3:${action} ${bucket}/raw/*`]),
      ].sort(),
    );
  });
});
