/**
 * One stage of the product: CDN and site, REST API (behind its own regional
 * web ACL) with one function per route (each feature's in a nested stack), the export worker, scheduled mail retry, tables and buckets, the SES sender, SES
 * receiving for the inbound domain, GuardDuty's malware scan of its attachments, the
 * token-signing and origin-verify secrets, and the topic every alarm of the
 * stage tells. Physical names are generated or start with the stack's name,
 * so stages share an account without clashing.
 */
import { CfnOutput, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { TABLES, TABLE_KEYS } from '../shared/tables';
import type { StageConfig } from './config';
import { alarmTopic } from './constructs/alarms';
import { Api } from './constructs/api/api';
import { AttachmentScanning } from './constructs/attachment-scanning';
import { Data } from './constructs/data';
import { Jobs } from './constructs/jobs';
import { StaffMail } from './constructs/mail';
import { Receiving } from './constructs/receiving';
import type { BindableResources } from './constructs/functions/bindable-resources';
import { SiteHosting } from './constructs/hosting/site-hosting';
import { Streams } from './constructs/streams';
import { Workers } from './constructs/workers';
import { acknowledge } from './nag';
import type { StageRoute } from './stage-routes';

export interface MedicalTourismStackProps extends StackProps {
  config: StageConfig;
  /** The AWS WAF web ACL (scope CLOUDFRONT) of the distribution: the edge stack's, or the one `webAclArn` names. */
  webAclArn: string;
  /** The built site (site/dist), deployed when present. */
  siteDistDir?: string;
  /** The API routes to deploy; by default the route table's, each in its feature's nested stack. */
  routes?: readonly StageRoute[];
}

export class MedicalTourismStack extends Stack {
  readonly config: StageConfig;
  readonly data: Data;
  readonly attachmentScanning: AttachmentScanning;
  readonly mail: StaffMail;
  readonly tokenSecret: Secret;
  readonly replyAddressSecret: Secret;
  readonly originVerifySecret: Secret;
  readonly api: Api;
  readonly jobs: Jobs;
  readonly workers: Workers;
  readonly streams: Streams;
  readonly receiving: Receiving;
  readonly site: SiteHosting;
  /** Every alarm of the stage tells it (infra/constructs/alarms.ts); an operator subscribes. */
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: MedicalTourismStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.config = config;
    const logRetention = config.production ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH;
    const logRemovalPolicy = config.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.alarmTopic = alarmTopic(this, 'AlarmTopic');

    this.data = new Data(this, 'Data', {
      production: config.production,
      // Without a custom domain the distribution's own name is not known before the bucket exists
      // (the distribution depends on the bucket), so any CloudFront host may preflight; the signed
      // POST policy, not CORS, is what authorises an upload.
      uploadOrigins: config.domainName ? [`https://${config.domainName}`] : ['https://*.cloudfront.net'],
    });

    // Every visitor's attachment is scanned for malware where it lies, before staff may download it.
    this.attachmentScanning = new AttachmentScanning(this, 'AttachmentScanning', { bucket: this.data.buckets.inbound });

    // The site's address, for the links in mails: known now with a custom domain, else the
    // distribution's own (made below; the functions do not depend on it being made first).
    const made: { distributionUrl?: string } = {};
    const siteUrl = config.siteUrl ?? (config.domainName ? `https://${config.domainName}` : undefined);
    this.mail = new StaffMail(this, 'Mail', {
      siteUrl:
        siteUrl ??
        Lazy.string({
          produce: () => {
            if (!made.distributionUrl)
              throw new Error('The site distribution was not made: no address for the links in mails');
            return made.distributionUrl;
          },
        }),
      mailFrom: config.mailFrom,
      mailTo: config.mailTo,
      inboundDomain: config.inboundDomain,
      ...(config.mailDomain ? { mailDomain: config.mailDomain } : {}),
      alarmTopic: this.alarmTopic,
    });

    this.tokenSecret = new Secret(this, 'TokenSecret', {
      description: `HS256 signing secret of staff tokens (${id})`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.tokenSecret,
      'AwsSolutions-SMG4',
      'Rotated by hand (put-secret-value, procedure in docs/deployment.md, "Rotating the token-signing secret"): a new value signs every staff member out, so it is a deliberate act rather than a schedule. The functions read it by ARN at cold start, so a rotation needs no redeploy, only new cold starts.',
    );

    this.replyAddressSecret = new Secret(this, 'ReplyAddressSecret', {
      description: `Key of the reply addresses' MACs: every mail to a visitor names its enquiry with one (${id})`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.replyAddressSecret,
      'AwsSolutions-SMG4',
      'Rotated by hand if ever (put-secret-value): a new value makes the reply addresses of every mail already sent unmatched (their answers wait in the unmatched box for staff to attach), so it is a deliberate act rather than a schedule.',
    );

    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `X-Origin-Verify value CloudFront adds to API requests: the API answers only requests that carry it (${id})`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.originVerifySecret,
      'AwsSolutions-SMG4',
      "Not rotated automatically: CloudFormation resolves it into the CloudFront origin header and the API web ACL's rule only when the distribution and the web ACL themselves are updated, while the functions read it through a five-minute cache, so a scheduled rotation would leave them apart, and while they differ the API refuses every request (403). The value only proves that a request came through CloudFront.",
    );

    const resources: BindableResources = {
      tables: this.data.tables,
      buckets: this.data.buckets,
      mail: this.mail,
      tokenSecret: this.tokenSecret,
      replyAddressSecret: this.replyAddressSecret,
      originVerifySecret: this.originVerifySecret,
      totpKey: this.data.totpKey,
      translation: { terminologyName: `${this.stackName}-labels` },
    };
    const watch = { logRetention, logRemovalPolicy, alarmTopic: this.alarmTopic };
    this.jobs = new Jobs(this, 'Jobs', { resources, ...watch });
    this.workers = new Workers(this, 'Workers', { resources, failures: this.jobs.failures, ...watch });
    this.streams = new Streams(this, 'Streams', { resources, failures: this.jobs.failures, ...watch });
    this.receiving = new Receiving(this, 'Receiving', {
      resources,
      failures: this.jobs.failures,
      ...watch,
      inboundDomain: config.inboundDomain,
      ...(config.mailDomain ? { mailDomain: config.mailDomain } : {}),
    });
    this.api = new Api(this, 'Api', {
      resources: { ...resources, workers: this.workers.functions },
      ...watch,
      requireTwoFactor: config.requireTwoFactor,
      ...(props.routes ? { routes: props.routes } : {}),
    });

    this.site = new SiteHosting(this, 'Site', {
      production: config.production,
      accessLogs: this.data.accessLogs,
      images: this.data.buckets.images,
      apiDomainName: this.api.domainName,
      apiOriginPath: this.api.originPath,
      originVerifySecret: this.originVerifySecret,
      ...(props.siteDistDir ? { siteDistDir: props.siteDistDir } : {}),
      ...(config.domainName ? { domainName: config.domainName } : {}),
      ...(config.certificateArn ? { certificateArn: config.certificateArn } : {}),
      webAclArn: props.webAclArn,
    });

    made.distributionUrl = `https://${this.site.distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', {
      description: 'The site (and /api, /image under it); every link in a mail starts with it (SITE_URL)',
      value: siteUrl ?? made.distributionUrl,
    });
    if (config.domainName) {
      new CfnOutput(this, 'DistributionDomainName', {
        description: `Point ${config.domainName} here (CNAME, or an alias record)`,
        value: this.site.distribution.distributionDomainName,
      });
    }
    new CfnOutput(this, 'DistributionId', {
      description: 'CloudFront distribution id (for manual invalidations)',
      value: this.site.distribution.distributionId,
    });
    new CfnOutput(this, 'ApiUrl', {
      description:
        "The REST API stage's execute-api address: its web ACL drops (403) every call that did not come through CloudFront (use /api on the site)",
      value: this.api.restApi.url,
    });
    for (const key of TABLE_KEYS) {
      new CfnOutput(this, `Table${key[0]?.toUpperCase()}${key.slice(1)}`, {
        description: `${TABLES[key].envVar}: ${TABLES[key].purpose}`,
        value: this.data.tables[key].tableName,
      });
    }
    new CfnOutput(this, 'ImagesBucket', {
      description: 'BEST 3 images (served under /image/)',
      value: this.data.buckets.images.bucketName,
    });
    new CfnOutput(this, 'TokenSecretArn', {
      description: 'Secrets Manager secret that signs staff tokens (read by the functions at cold start)',
      value: this.tokenSecret.secretArn,
    });
    new CfnOutput(this, 'ReplyAddressSecretArn', {
      description:
        "Secrets Manager secret that keys the reply addresses' MACs (read by the functions that mail visitors or file their answers)",
      value: this.replyAddressSecret.secretArn,
    });
    new CfnOutput(this, 'OriginVerifySecretArn', {
      description: 'Secrets Manager secret CloudFront sends to the API as X-Origin-Verify',
      value: this.originVerifySecret.secretArn,
    });
    new CfnOutput(this, 'JobFailureQueue', {
      description:
        'Failed or undeliverable runs of the scheduled jobs, the export worker, the access log copy and the mail receiver (after its retries)',
      value: this.jobs.failures.queueUrl,
    });
    new CfnOutput(this, 'MailProblemsQueue', {
      description: 'Bounces and complaints of the mail the stage sent (SES events through its configuration set)',
      value: this.mail.problems.queueUrl,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      description:
        'SNS topic every alarm of the stage tells (named MedicalTourism-<stage>-...): subscribe an address or a chat integration to it',
      value: this.alarmTopic.topicArn,
    });
    new CfnOutput(this, 'AccessLogCopyBucket', {
      description: "The access log's copy under S3 Object Lock (every write, from the table's stream)",
      value: this.data.buckets.accessLogCopy.bucketName,
    });
  }
}
