/**
 * What a RouteFunction (route-function.ts) can be bound to, by the keys of the
 * route table, and the secret settings it reads by reference.
 */
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { SECRET_SETTINGS } from '../../../functions/platform/secrets';
import type { BucketKey, WorkerName } from '../../../shared/resources';
import type { TableKey } from '../../../shared/tables';
import type { StaffMail } from '../mail';

/** Everything a function can be bound to, by the keys of the route table. */
export interface BindableResources {
  tables: Record<TableKey, ITable>;
  buckets: Record<BucketKey, IBucket>;
  mail: StaffMail;
  /** Keys the reply addresses' MACs (REPLY_ADDRESS_SECRET). */
  replyAddressSecret: ISecret;
  /** Signs and verifies staff tokens (TOKEN_SECRET). */
  tokenSecret: ISecret;
  /** The X-Origin-Verify value CloudFront adds to API requests (ORIGIN_VERIFY_SECRET). */
  originVerifySecret: ISecret;
  /** Seals the staff TOTP secrets (TOTP_KEY_ID). */
  totpKey: IKey;
  /** The stage's terminology for the translation engine (TRANSLATE_TERMINOLOGY): the engine keeps terminologies per account and region. */
  translation: { terminologyName: string };
  /** The background workers API routes start (infra/constructs/workers.ts); absent while the workers themselves are made. */
  workers?: Record<WorkerName, IFunction>;
}

/** Settings a function may read from Secrets Manager at cold start (functions/platform/secrets.ts). */
export type SecretSettingName = (typeof SECRET_SETTINGS)[number];

/** The variable that names a secret setting's Secrets Manager secret. */
export const secretArnVariable = (name: SecretSettingName) => `${name}_ARN` as const;
