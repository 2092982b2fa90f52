/**
 * Malware scanning of the visitors' attachments: Amazon GuardDuty Malware
 * Protection for S3 on the inbound bucket's `attachments/` prefix, with
 * tagging on. GuardDuty scans each object put there (a new one, or one
 * written again) and tags it with its result, `GuardDutyMalwareScanStatus`:
 * `NO_THREATS_FOUND`, `THREATS_FOUND`, `UNSUPPORTED`, `ACCESS_DENIED` or
 * `FAILED`. The thread lists that result and the download route hands out
 * only a `NO_THREATS_FOUND` file (functions/conversation/kept-mail/attachment-scans.ts).
 * Raw messages under `raw/` are not scanned here: SES receiving scans each
 * mail (its virus verdict quarantines it) and no staff member downloads one.
 *
 * The plan works through a role GuardDuty assumes, with the permissions its
 * documentation lists ('Create or update IAM role policy'): its EventBridge
 * managed rule (`DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*`) that
 * hears the bucket's object events, the bucket's EventBridge notifications,
 * its validation object, reading the objects it scans and tagging them. The
 * bucket is SSE-S3, so no key grant. The plan needs no GuardDuty detector (it
 * then makes no findings; the tag is the result). Objects put before the plan
 * existed carry no result until scanned on demand (docs/deployment.md).
 */
import { Aws } from 'aws-cdk-lib';
import { CfnMalwareProtectionPlan } from 'aws-cdk-lib/aws-guardduty';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { INBOUND_SCANNED_PREFIXES } from '../../shared/conversation/visitor-messages';
import { acknowledge, acknowledgeResolved } from '../nag';

/** The service principal GuardDuty's Malware Protection plans act as. */
export const MALWARE_PROTECTION_PRINCIPAL = 'malware-protection-plan.guardduty.amazonaws.com';
/** The EventBridge rules GuardDuty makes and manages for a protected bucket, by their name's start. */
const MANAGED_RULES = 'DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*';
/** The object GuardDuty puts to check it may write to the bucket, by its documented key. */
const VALIDATION_OBJECT = 'malware-protection-resource-validation-object';

export interface AttachmentScanningProps {
  /** The inbound bucket (BUCKETS.inbound): its `attachments/` prefix is scanned. */
  bucket: IBucket;
}

export class AttachmentScanning extends Construct {
  readonly role: iam.Role;
  readonly plan: CfnMalwareProtectionPlan;

  constructor(scope: Construct, id: string, props: AttachmentScanningProps) {
    super(scope, id);
    const { bucket } = props;
    const rules = `arn:${Aws.PARTITION}:events:${Aws.REGION}:${Aws.ACCOUNT_ID}:rule/${MANAGED_RULES}`;
    const scanned = INBOUND_SCANNED_PREFIXES.map((prefix) => bucket.arnForObjects(`${prefix}*`));
    const prefixes = INBOUND_SCANNED_PREFIXES.join(' and ');

    // Only a Malware Protection plan of this account may assume it.
    this.role = new iam.Role(this, 'Role', {
      description: `GuardDuty Malware Protection for S3: scans and tags the inbound bucket's ${prefixes}`,
      assumedBy: new iam.ServicePrincipal(MALWARE_PROTECTION_PRINCIPAL, {
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: {
            'aws:SourceArn': `arn:${Aws.PARTITION}:guardduty:${Aws.REGION}:${Aws.ACCOUNT_ID}:malware-protection-plan/*`,
          },
        },
      }),
    });
    const allow = (actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
      this.role.addToPolicy(new iam.PolicyStatement({ actions, resources, ...(conditions ? { conditions } : {}) }));
    allow(['events:PutRule', 'events:DeleteRule', 'events:PutTargets', 'events:RemoveTargets'], [rules], {
      StringLike: { 'events:ManagedBy': MALWARE_PROTECTION_PRINCIPAL },
    });
    allow(['events:DescribeRule', 'events:ListTargetsByRule'], [rules]);
    allow(['s3:PutBucketNotification', 's3:GetBucketNotification', 's3:ListBucket'], [bucket.bucketArn]);
    allow(['s3:PutObject'], [bucket.arnForObjects(VALIDATION_OBJECT)]);
    allow(['s3:GetObject', 's3:GetObjectVersion'], scanned);
    allow(
      ['s3:GetObjectTagging', 's3:GetObjectVersionTagging', 's3:PutObjectTagging', 's3:PutObjectVersionTagging'],
      scanned,
    );
    acknowledge(
      this.role,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:events:<AWS::Region>:<AWS::AccountId>:rule/${MANAGED_RULES}]`,
      'GuardDuty names its managed EventBridge rule for the bucket itself, under this documented prefix; the writes are allowed only on rules it manages (events:ManagedBy).',
    );
    for (const prefix of INBOUND_SCANNED_PREFIXES)
      acknowledgeResolved(
        this.role,
        (rendered) => `AwsSolutions-IAM5[Resource::${rendered(bucket.bucketArn)}/${prefix}*]`,
        `The keys under ${prefix} are made at run time (a hash or an id per received mail); GuardDuty reads and tags the objects under ${prefixes} of the inbound bucket alone.`,
      );

    this.plan = new CfnMalwareProtectionPlan(this, 'Plan', {
      role: this.role.roleArn,
      protectedResource: { s3Bucket: { bucketName: bucket.bucketName, objectPrefixes: [...INBOUND_SCANNED_PREFIXES] } },
      actions: { tagging: { status: 'ENABLED' } },
    });
    // GuardDuty checks the role's permissions as the plan is made: the policy must be there first.
    this.plan.node.addDependency(this.role);
  }
}
