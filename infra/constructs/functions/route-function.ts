/**
 * The project's Lambda function: one function a feature declares (functions/features.ts), bundled
 * locally (no Docker) by functions/bundling/bundling.ts through infra/function-bundles.ts,
 * on the current Node runtime for ARM64, with X-Ray active tracing. The `bind*`
 * helpers grant the IAM access and set the environment variable together, so
 * a function never has a table name without the right to use it, or the reverse.
 */
import { type Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { type SettingName, settingNamesFor } from '../../../functions/platform/config';
import { LAMBDA_BUNDLE_FILE } from '../../../functions/bundling/bundling';
import {
  type Access,
  BUCKETS,
  type BucketKey,
  type PartitionReadableTable,
  type ResourceUse,
  type ScannableTable,
  type TagReadableBucket,
  WORKERS,
  type WorkerName,
} from '../../../shared/resources';
import type { TableDefinition } from '../../../shared/platform/table-definition';
import { TABLES, type TableKey } from '../../../shared/tables';
import { acknowledge, acknowledgeResolved } from '../../nag';
import {
  ACCESS_LOG_WRITES,
  INVOKE_WORKER_ACTIONS,
  LIST_ACTIONS,
  OBJECT_TAG_READ_ACTIONS,
  PROFILE_READ,
  READ_SECRET_ACTIONS,
  SCAN_ACTIONS,
  TERMINOLOGY_ACTIONS,
  TOTP_KEY_ACTIONS,
  TRANSLATE_TEXT_ACTIONS,
  accessParts,
  bucketActions,
  bucketObjectActions,
  tableActions,
} from '../../permissions';
import { functionCode } from './function-code';
import type { StaffMail } from '../mail';
import { type BindableResources, type SecretSettingName, secretArnVariable } from './bindable-resources';

/** The Node.js runtime of functions/bundling/bundling.ts's NODE_MAJOR, the newest this aws-cdk-lib knows (cdk-nag's AwsSolutions-L1 asks for the latest). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

export interface RouteFunctionProps {
  /** The function's name as its feature declares it (an API route's, a job's or a worker's). */
  entryName: string;
  description: string;
  memoryMiB: number;
  timeout: Duration;
  logRetention: RetentionDays;
  /** What happens to the log group when the stack is deleted. */
  logRemovalPolicy: RemovalPolicy;
  /** Log level of the function (`LOG_LEVEL`, read by functions/platform/logging.ts). */
  logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Instances that may run at once (reserved concurrency, taken from the account's pool); none: the account's pool. */
  reservedConcurrency?: number;
}

export class RouteFunction extends LambdaFunction {
  readonly entryName: string;
  private readonly bound = new Set<string>();

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    // Its own role, allowed to write its own log group only (no AWSLambdaBasicExecutionRole with logs on every group).
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.entryName}: ${props.description}`,
    });
    logGroup.grantWrite(role);
    super(scope, id, {
      role,
      code: functionCode(props.entryName),
      handler: `${LAMBDA_BUNDLE_FILE.replace(/\.mjs$/, '')}.handler`,
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMiB,
      timeout: props.timeout,
      logGroup,
      // Each run traced (sampled by X-Ray), under the API stage's trace for a route; CDK grants the role X-Ray's writes.
      tracing: Tracing.ACTIVE,
      ...(props.reservedConcurrency === undefined ? {} : { reservedConcurrentExecutions: props.reservedConcurrency }),
      // Stack traces point into the TypeScript sources through the bundled source maps.
      environment: { LOG_LEVEL: props.logLevel ?? 'INFO', NODE_OPTIONS: '--enable-source-maps' },
    });
    this.entryName = props.entryName;
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'xray:PutTraceSegments and xray:PutTelemetryRecords, which active tracing needs (CDK adds them), name no resource: IAM takes only "*" for them.',
    );
  }

  /**
   * Access to one table, and its name in the table's variable. A function that
   * may list (`listing`: staff routes and jobs) also gets Query on the table
   * and its indexes when it reads; others read items by key only.
   */
  bindTable(key: TableKey, table: ITable, access: Access, listing: boolean): void {
    const definition: TableDefinition = TABLES[key];
    const actions = tableActions(access);
    if (actions.length > 0) this.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [table.tableArn] }));
    if (accessParts(access).includes('profile')) {
      if (key !== 'staff') throw new Error(`readProfile is the staff table's access level, not ${key}'s`);
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [...PROFILE_READ.getActions],
          resources: [table.tableArn],
          conditions: structuredClone(PROFILE_READ.condition) as Record<string, unknown>,
        }),
      );
    }
    if (accessParts(access).includes('log')) {
      for (const { actions: logActions, condition } of ACCESS_LOG_WRITES) {
        this.addToRolePolicy(
          new iam.PolicyStatement({
            actions: [...logActions],
            resources: [table.tableArn],
            conditions: structuredClone(condition) as Record<string, unknown>,
          }),
        );
      }
    }
    // Only a reader may list: a writer (and an append-only writer, such as the access log's) never reads back.
    if (listing && accessParts(access).includes('read')) {
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [...LIST_ACTIONS],
          resources: [
            table.tableArn,
            ...definition.globalIndexes.map((index) => `${table.tableArn}/index/${index.name}`),
          ],
        }),
      );
    }
    this.setVariable(TABLES[key].envVar, table.tableName);
  }

  /** dynamodb:Scan on one tiny table (`ResourceUse.scans`), on the table alone: no index; of the staff table, its profiles only. */
  bindScan(key: ScannableTable, table: ITable): void {
    const profilesOnly =
      key === 'staff' ? { conditions: structuredClone(PROFILE_READ.condition) as Record<string, unknown> } : {};
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: [...SCAN_ACTIONS], resources: [table.tableArn], ...profilesOnly }),
    );
    this.setVariable(TABLES[key].envVar, table.tableName);
  }

  /** Access to the objects of one bucket, and its name in the bucket's variable. */
  bindBucket(key: BucketKey, bucket: IBucket, access: Access, prefix = ''): void {
    const objectActions = bucketObjectActions(access);
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects(`${prefix}*`)] }),
    );
    if (this.role) {
      acknowledgeResolved(
        this.role,
        (rendered) => `AwsSolutions-IAM5[Resource::${rendered(bucket.bucketArn)}/${prefix}*]`,
        `Object keys are made at run time (a random UUID per upload or export, a hash per received mail), so they cannot be listed in advance; the grant is ${objectActions.join(', ')} on the objects of this one bucket (${BUCKETS[key].envVar})${prefix ? ` under ${prefix}` : ''} only.`,
      );
    }
    // Under a prefix (`ResourceUse.objectPrefixes`) no bucket-level action: ListBucket would name every key of the bucket.
    const onBucket = prefix ? [] : bucketActions(access);
    if (onBucket.length > 0)
      this.addToRolePolicy(new iam.PolicyStatement({ actions: onBucket, resources: [bucket.bucketArn] }));
    this.setVariable(BUCKETS[key].envVar, bucket.bucketName);
  }

  /** s3:GetObjectTagging on one bucket's objects, under a prefix when given (`ResourceUse.objectTagReads`), and its name. */
  bindObjectTags(key: TagReadableBucket, bucket: IBucket, prefix = '', acknowledged = false): void {
    const resources = [bucket.arnForObjects(`${prefix}*`)];
    this.addToRolePolicy(new iam.PolicyStatement({ actions: [...OBJECT_TAG_READ_ACTIONS], resources }));
    // The same resource as the function's object grant on that bucket, when it has one: acknowledged there.
    if (this.role && !acknowledged)
      acknowledgeResolved(
        this.role,
        (rendered) => `AwsSolutions-IAM5[Resource::${rendered(bucket.bucketArn)}/${prefix}*]`,
        `Object keys are made at run time (a hash per received mail); the grant is ${OBJECT_TAG_READ_ACTIONS.join(', ')} (the malware scan's result, never the bytes) on the objects of this one bucket (${BUCKETS[key].envVar})${prefix ? ` under ${prefix}` : ''} only.`,
      );
    this.setVariable(BUCKETS[key].envVar, bucket.bucketName);
  }

  /** ses:SendEmail from the sender identity through the configuration set only, the sender and staff addresses, that set, the site's address the mails link to, and the domain visitors answer to. */
  bindMail(mail: StaffMail): void {
    mail.grantSend(this);
    this.setVariable('MAIL_FROM', mail.mailFrom);
    this.setVariable('MAIL_TO', mail.mailTo);
    this.setVariable('MAIL_CONFIGURATION_SET', mail.configurationSet.configurationSetName);
    this.setVariable('SITE_URL', mail.siteUrl);
    this.setVariable('INBOUND_DOMAIN', mail.inboundDomain);
  }

  /** Leave to start one background worker (lambda:InvokeFunction on it alone), and its name in the worker's variable. */
  bindWorker(name: WorkerName, worker: IFunction): void {
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: [...INVOKE_WORKER_ACTIONS], resources: [worker.functionArn] }),
    );
    this.setVariable(WORKERS[name].envVar, worker.functionName);
  }

  /**
   * A secret setting by reference: `<NAME>_ARN` names the secret, and the
   * function reads it once at cold start (functions/platform/secrets.ts), so the value
   * is neither in the template nor in the function's configuration, and a new
   * value reaches each function at its next cold start. The role may call
   * secretsmanager:GetSecretValue on that one secret, nothing more (CDK's
   * grantRead would add DescribeSecret, which the functions never call).
   */
  bindSecret(name: SecretSettingName, secret: ISecret): void {
    // A secret known only by a partial ARN (imported by name) has a random six-character suffix.
    const arn = secret.secretFullArn ?? `${secret.secretArn}-??????`;
    iam.Grant.addToPrincipal({ grantee: this, actions: [...READ_SECRET_ACTIONS], resourceArns: [arn] });
    this.addEnvironment(secretArnVariable(name), secret.secretArn);
    this.bound.add(name);
  }

  /**
   * dynamodb:Query on one table itself, no index (`ResourceUse.partitionReads`): a public route reads one partition
   * (one enquiry's thread) of a table it reads by key; it still cannot list any index.
   */
  bindPartitionRead(key: PartitionReadableTable, table: ITable, uses: ResourceUse): void {
    if (!uses.tables?.[key]) throw new Error(`${this.node.path} reads a partition of ${key} without reading ${key}`);
    this.addToRolePolicy(new iam.PolicyStatement({ actions: [...LIST_ACTIONS], resources: [table.tableArn] }));
  }

  /** kms:Encrypt (seal) or kms:Decrypt (open) on the TOTP key alone, and its ARN in TOTP_KEY_ID. */
  bindTotpKey(use: 'seal' | 'open', key: IKey): void {
    this.addToRolePolicy(new iam.PolicyStatement({ actions: [...TOTP_KEY_ACTIONS[use]], resources: [key.keyArn] }));
    this.setVariable('TOTP_KEY_ID', key.keyArn);
  }

  /** Machine translation: TranslateText and language detection (no resource to name), the stage's terminology alone, and its name. */
  bindTranslation(terminologyName: string): void {
    this.addToRolePolicy(new iam.PolicyStatement({ actions: [...TRANSLATE_TEXT_ACTIONS], resources: ['*'] }));
    const terminology = Stack.of(this).formatArn({
      service: 'translate',
      resource: 'terminology',
      resourceName: terminologyName,
    });
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: [...TERMINOLOGY_ACTIONS], resources: [terminology, `${terminology}/*`] }),
    );
    if (this.role) {
      acknowledge(
        this.role,
        'AwsSolutions-IAM5[Resource::*]',
        `${TRANSLATE_TEXT_ACTIONS.join(' and ')} name no resource (a text is not one), so IAM takes only "*" for them.`,
      );
      acknowledgeResolved(
        this.role,
        (rendered) => `AwsSolutions-IAM5[Resource::${rendered(terminology)}/*]`,
        `The stage's one terminology (${terminologyName}) and its versions: Translate names an imported terminology with its version after the name (…/${terminologyName}/LATEST).`,
      );
    }
    this.setVariable('TRANSLATE_TERMINOLOGY', terminologyName);
  }

  /** Binds everything a route table entry uses, then checks the function has every variable config.ts will ask for. */
  bindUses(uses: ResourceUse, resources: BindableResources, options: { listing: boolean }): void {
    for (const [key, access] of Object.entries(uses.tables ?? {}) as [TableKey, Access][])
      this.bindTable(key, resources.tables[key], access, options.listing);
    for (const [key, access] of Object.entries(uses.buckets ?? {}) as [BucketKey, Access][])
      this.bindBucket(key, resources.buckets[key], access, uses.objectPrefixes?.[key]);
    for (const key of uses.objectTagReads ?? [])
      this.bindObjectTags(key, resources.buckets[key], uses.objectPrefixes?.[key], uses.buckets?.[key] !== undefined);
    for (const key of uses.scans ?? []) this.bindScan(key, resources.tables[key]);
    for (const key of uses.partitionReads ?? []) this.bindPartitionRead(key, resources.tables[key], uses);
    if (uses.sendsMail) this.bindMail(resources.mail);
    // A mail receiver reads the reply addresses of the inbound domain.
    if (uses.receivesMail) this.setVariable('INBOUND_DOMAIN', resources.mail.inboundDomain);
    if (uses.usesTokenSecret) this.bindSecret('TOKEN_SECRET', resources.tokenSecret);
    // Every mail to a visitor carries its enquiry's reply address, and a receiver checks them.
    if (uses.sendsMail || uses.receivesMail) this.bindSecret('REPLY_ADDRESS_SECRET', resources.replyAddressSecret);
    if (uses.totpSecrets) this.bindTotpKey(uses.totpSecrets, resources.totpKey);
    if (uses.translates) this.bindTranslation(resources.translation.terminologyName);
    for (const name of uses.invokes ?? []) {
      const worker = resources.workers?.[name];
      if (!worker) throw new Error(`${this.node.path} starts ${name}, which is not made yet`);
      this.bindWorker(name, worker);
    }
    const missing = settingNamesFor(uses).filter((name) => !this.bound.has(name));
    if (missing.length > 0) throw new Error(`${this.node.path} is missing settings ${missing.join(', ')}`);
  }

  private setVariable(name: SettingName, value: string): void {
    this.addEnvironment(name, value);
    this.bound.add(name);
  }
}

/** `retryMail` -> `RetryMail`, for construct ids made from route and job names. */
export const pascal = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;
