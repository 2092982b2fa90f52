/**
 * The stored data: the DynamoDB tables from the shared definitions
 * (shared/tables.ts, the same ones the local emulator set-up creates), with a
 * stream where a stream consumer reads one (STREAM_CONSUMERS), the images and
 * exports buckets of the route table, the access log's Object Lock copy, and
 * the access-log bucket every other bucket and the CDN log into, and the KMS
 * key that seals the staff TOTP secrets.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { type BucketKey, STREAM_CONSUMERS } from '../../shared/resources';
import type { IndexDefinition, KeyAttribute } from '../../shared/platform/table-definition';
import { TABLES, TABLE_KEYS, type TableKey } from '../../shared/tables';
import { INCOMING_IMAGE_EXPIRY_DAYS, INCOMING_IMAGE_PREFIX } from '../../shared/packages/uploads';
import { RETENTION, accessLogRetentionSeconds, inboundRawExpiryDays } from '../../shared/privacy/retention';
import { INBOUND_RAW_PREFIX } from '../../shared/conversation/visitor-messages';
import { acknowledge } from '../nag';

export interface DataProps {
  production: boolean;
  /** Origins allowed to POST browser uploads straight to the images bucket. */
  uploadOrigins: string[];
}

const attribute = (key: KeyAttribute): dynamodb.Attribute => ({
  name: key.name,
  type: key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
});

function indexProjection(
  index: IndexDefinition,
): Pick<dynamodb.GlobalSecondaryIndexProps, 'projectionType' | 'nonKeyAttributes'> {
  if (index.projection === 'ALL') return { projectionType: dynamodb.ProjectionType.ALL };
  if (index.projection.length === 0) return { projectionType: dynamodb.ProjectionType.KEYS_ONLY };
  return { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] };
}

/** A private, encrypted, SSL-only bucket: the defaults every bucket of the stack starts from. */
export function privateBucketProps(production: boolean): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  };
}

export class Data extends Construct {
  readonly tables: Record<TableKey, dynamodb.Table>;
  readonly buckets: Record<BucketKey, s3.Bucket>;
  readonly accessLogs: s3.Bucket;
  /**
   * Seals the staff accounts' TOTP secrets (functions/platform/wiring/kms-secret-sealer.ts): only the
   * enrolment start may Encrypt and only the routes that check a code may
   * Decrypt (shared/routes.ts `totpSecrets`). Kept when the stack goes, in
   * every stage: without it no sealed secret opens again.
   */
  readonly totpKey: kms.Key;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { production } = props;

    this.tables = Object.fromEntries(
      TABLE_KEYS.map((key) => {
        const definition = TABLES[key];
        const table = new dynamodb.Table(this, `${key[0]?.toUpperCase()}${key.slice(1)}Table`, {
          partitionKey: attribute(definition.partitionKey),
          ...('sortKey' in definition ? { sortKey: attribute(definition.sortKey) } : {}),
          billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
          // Restorable for RETENTION.backupDays: the privacy notice and the erasure answer say so.
          pointInTimeRecoverySpecification: {
            pointInTimeRecoveryEnabled: true,
            recoveryPeriodInDays: RETENTION.backupDays,
          },
          encryption: dynamodb.TableEncryption.AWS_MANAGED,
          deletionProtection: production,
          removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
          ...('ttlAttribute' in definition ? { timeToLiveAttribute: definition.ttlAttribute } : {}),
          // New and old images: a copy keeps what was written, and what a change replaced.
          ...(STREAM_CONSUMERS.some((consumer) => consumer.table === key)
            ? { stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES }
            : {}),
        });
        for (const index of definition.globalIndexes) {
          table.addGlobalSecondaryIndex({
            indexName: index.name,
            partitionKey: attribute(index.partitionKey),
            ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
            ...indexProjection(index),
          });
        }
        return [key, table];
      }),
    ) as Record<TableKey, dynamodb.Table>;

    this.totpKey = new kms.Key(this, 'TotpKey', {
      description: `Seals the staff TOTP secrets (${Stack.of(this).stackName})`,
      alias: `${Stack.of(this).stackName}/totp-secrets`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      ...privateBucketProps(production),
      // CloudFront standard logs are still written with an ACL grant to the log-delivery account.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(production ? 365 : 30) }],
    });
    acknowledge(
      this.accessLogs,
      'AwsSolutions-S1',
      'This is the access-log bucket itself: logging its own access into itself would log every log write.',
    );

    const logged = (prefix: string): s3.BucketProps => ({
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: `s3/${prefix}/`,
    });

    const images = new s3.Bucket(this, 'Images', {
      ...privateBucketProps(production),
      ...logged('images'),
      versioned: production,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(production ? [{ noncurrentVersionExpiration: Duration.days(90) }] : []),
        {
          // Browser uploads wait here, unchecked, until a save checks one and copies it to its public name;
          // whatever no save took (or a versioned bucket kept of it) goes.
          id: 'ExpireUncheckedUploads',
          prefix: INCOMING_IMAGE_PREFIX,
          expiration: Duration.days(INCOMING_IMAGE_EXPIRY_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(INCOMING_IMAGE_EXPIRY_DAYS),
          ...(production ? { noncurrentVersionExpiration: Duration.days(INCOMING_IMAGE_EXPIRY_DAYS) } : {}),
        },
      ],
      cors: [
        {
          // The back office posts images straight to S3 (under incoming/) with a presigned POST (with upload progress, so preflighted).
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: props.uploadOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
    });

    const exports = new s3.Bucket(this, 'Exports', {
      ...privateBucketProps(production),
      ...logged('exports'),
      // Large CSV exports are downloaded within minutes through a presigned link; keep them a day at most.
      lifecycleRules: [{ expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    // Received mail (functions/conversation/): raw messages as they arrived, under raw/, and the attachments of the
    // visitors' messages in a thread, under attachments/, which go with their enquiry (erasure, retention). A raw
    // message goes with its enquiry or its kept item (erasure, the retention job); the rule is a backstop for one
    // never filed, after the longest a kept item may name it (inboundRawExpiryDays). No rule expires attachments/:
    // an enquiry lives as long as its activity, and they go with it. SES receiving writes raw/ (receiving.ts).
    const inbound = new s3.Bucket(this, 'Inbound', {
      ...privateBucketProps(production),
      ...logged('inbound'),
      lifecycleRules: [
        { id: 'ExpireRawMessages', prefix: INBOUND_RAW_PREFIX, expiration: Duration.days(inboundRawExpiryDays()) },
      ],
    });

    // The access log's copy (functions/audit/access-log-copy.ts): every object locked for the access log's
    // retention from when it is written, then expired. Compliance mode in production: nobody, the account's
    // root included, can remove or shorten it. Governance mode elsewhere, so a test stage can be cleared by
    // someone allowed to bypass it (s3:BypassGovernanceRetention). Never removed with the stack.
    const lockDays = accessLogCopyLockDays();
    const accessLogCopy = new s3.Bucket(this, 'AccessLogCopy', {
      ...privateBucketProps(production),
      ...logged('access-log-copy'),
      removalPolicy: RemovalPolicy.RETAIN,
      versioned: true,
      objectLockEnabled: true,
      objectLockDefaultRetention: production
        ? s3.ObjectLockRetention.compliance(Duration.days(lockDays))
        : s3.ObjectLockRetention.governance(Duration.days(lockDays)),
      lifecycleRules: [{ expiration: Duration.days(lockDays + 1), noncurrentVersionExpiration: Duration.days(1) }],
    });

    this.buckets = { images, exports, inbound, accessLogCopy };
  }
}

/** The access log's retention (RETENTION.accessLogMonths, as the table's TTL counts it) in whole days, rounded up: how long each copy is locked. */
export const accessLogCopyLockDays = () => Math.ceil(accessLogRetentionSeconds() / 86_400);
