/**
 * SES receiving for the stage's inbound domain (MAIL_RECEIVERS in
 * shared/resources.ts): the domain's identity, and a receipt rule set with
 * one rule for the domain that scans for spam and viruses, takes mail only
 * over TLS, stores the raw message in the inbound bucket under
 * INBOUND_RAW_PREFIX (its key is the prefix and SES's message id, which
 * functions/conversation/receiving/ses-receipt.ts reads back), then invokes the mail
 * receiver asynchronously.
 *
 * A run that fails is tried twice more by Lambda, then its event lands in
 * the jobs' failure queue, with its alarm: the raw message stays in the
 * bucket, so invoking the function again with that event files it
 * (docs/deployment.md, 'Receiving visitors' answers').
 *
 * Only one rule set is active in an account and region, and CloudFormation
 * cannot make one active: an operator does, with the RuleSetName output
 * (docs/deployment.md, 'Receiving visitors' answers').
 */
import { Annotations, Aws, CfnOutput, Duration, Stack, Token } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { EmailIdentity, Identity, type ReceiptRule, ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses';
import { Lambda, LambdaInvocationType, S3 } from 'aws-cdk-lib/aws-ses-actions';
import { Construct } from 'constructs';
import { INBOUND_RAW_PREFIX } from '../../shared/conversation/visitor-messages';
import { MAIL_RECEIVERS, type MailReceiverName } from '../../shared/resources';
import { type BackgroundFunctionsProps, backgroundFunction } from './functions/background-function';
import type { RouteFunction } from './functions/route-function';
import { MAIL_RECEIVER_CONCURRENCY } from '../limits';

/** Lambda keeps an asynchronous event at most this long: the raw message waits in the bucket, so every retry within it is worth making. */
export const MAIL_RECEIVER_MAX_EVENT_AGE = Duration.hours(6);
/** Lambda's retries of a failed run (its most): a run that failed on a passing fault (a throttled table) files the mail on the next. */
export const MAIL_RECEIVER_RETRY_ATTEMPTS = 2;

/**
 * Regions where SES has long received mail (their `inbound-smtp` endpoints in
 * AWS's 'Amazon Simple Email Service endpoints and quotas'). AWS adds regions
 * now and then: a stage elsewhere gets a synth warning to check the list,
 * because a receipt rule set cannot be made where SES does not receive, and
 * the deploy would fail (and roll back) there.
 */
export const LONG_KNOWN_RECEIVING_REGIONS: readonly string[] = ['us-east-1', 'us-west-2', 'eu-west-1'];

/** The MX record the inbound domain needs: SES's receiving endpoint in the stack's region. */
export function inboundMxRecord(inboundDomain: string, region: string): string {
  return `${inboundDomain}. MX 10 inbound-smtp.${region}.amazonaws.com`;
}

export interface ReceivingProps extends BackgroundFunctionsProps {
  /** The domain visitors answer to (INBOUND_DOMAIN). */
  inboundDomain: string;
  /** The sender's domain identity, if the stage verifies a whole domain: the inbound domain is not verified twice. */
  mailDomain?: string;
}

export class Receiving extends Construct {
  readonly functions: Record<MailReceiverName, RouteFunction>;
  readonly ruleSet: ReceiptRuleSet;
  readonly rule: ReceiptRule;
  /** The inbound domain's SES identity (Easy DKIM), absent when it is the sender's domain, already verified. */
  readonly identity?: EmailIdentity;

  constructor(scope: Construct, id: string, props: ReceivingProps) {
    super(scope, id);
    const [receiver] = MAIL_RECEIVERS;
    const fn = backgroundFunction(
      this,
      receiver.name,
      `Files the mail received for ${props.inboundDomain} into the threads (${receiver.name})`,
      props,
      MAIL_RECEIVER_CONCURRENCY,
    );
    fn.bindUses(receiver.uses, props.resources, { listing: false });
    // Filing is idempotent (the raw key names the message once), so a retry never files a mail twice.
    fn.configureAsyncInvoke({
      onFailure: new SqsDestination(props.failures),
      retryAttempts: MAIL_RECEIVER_RETRY_ATTEMPTS,
      maxEventAge: MAIL_RECEIVER_MAX_EVENT_AGE,
    });
    this.functions = { [receiver.name]: fn } as Record<MailReceiverName, RouteFunction>;

    if (props.inboundDomain !== props.mailDomain) {
      this.identity = new EmailIdentity(this, 'InboundDomain', { identity: Identity.domain(props.inboundDomain) });
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `InboundDkimRecord${i + 1}`, {
          description: `SES DKIM CNAME ${i + 1} for ${props.inboundDomain} (verifies it for receiving)`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }

    this.ruleSet = new ReceiptRuleSet(this, 'RuleSet');
    // Only this account's receiving, and only through this stage's rule set (stages share an account), may invoke it and write.
    const fromThisRuleSet = `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:receipt-rule-set/${this.ruleSet.receiptRuleSetName}:receipt-rule/*`;
    // The Lambda action adds this permission (by this id) only when the function has none: ours names the rule set too.
    fn.addPermission('AllowSes', {
      action: 'lambda:InvokeFunction',
      principal: new iam.ServicePrincipal('ses.amazonaws.com'),
      sourceAccount: Aws.ACCOUNT_ID,
      sourceArn: fromThisRuleSet,
    });
    const bucket = props.resources.buckets.inbound;
    // The S3 action allows SES of this account to put under raw/; this refuses every SES put not from this stage's rule set.
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects('*')],
        conditions: { ArnNotLike: { 'aws:SourceArn': fromThisRuleSet } },
      }),
    );

    this.rule = this.ruleSet.addRule('InboundDomain', {
      recipients: [props.inboundDomain],
      scanEnabled: true,
      tlsPolicy: TlsPolicy.REQUIRE,
      // In this order: the function reads the message the S3 action stored.
      actions: [
        new S3({ bucket, objectKeyPrefix: INBOUND_RAW_PREFIX }),
        new Lambda({ function: fn, invocationType: LambdaInvocationType.EVENT }),
      ],
    });

    new CfnOutput(this, 'RuleSetName', {
      description: `SES receipt rule set of ${props.inboundDomain}: make it the active one (aws ses set-active-receipt-rule-set --rule-set-name <this>), one per account and region`,
      value: this.ruleSet.receiptRuleSetName,
    });
    new CfnOutput(this, 'MxRecord', {
      description: `The MX record that sends ${props.inboundDomain}'s mail to SES receiving in this region`,
      value: inboundMxRecord(props.inboundDomain, Stack.of(this).region),
    });
    warnUnlessReceivingRegion(this);
  }
}

/** A warning at synth (the stack's region is always concrete: infra/main.ts) when SES may not receive mail there. */
function warnUnlessReceivingRegion(scope: Construct): void {
  const { region } = Stack.of(scope);
  if (Token.isUnresolved(region) || LONG_KNOWN_RECEIVING_REGIONS.includes(region)) return;
  Annotations.of(scope).addWarningV2(
    'medical-tourism:receiving-region',
    `SES receiving: check that AWS's 'Amazon Simple Email Service endpoints and quotas' lists inbound-smtp.${region}.amazonaws.com before deploying. ` +
      `Where SES does not receive mail the receipt rule set cannot be made and the deploy rolls back; then deploy the stage in a region that does (${LONG_KNOWN_RECEIVING_REGIONS.join(', ')} have for years).`,
  );
}
