/**
 * SES receiving for the inbound domain (infra/constructs/receiving.ts): the
 * rule that scans, requires TLS and takes only the inbound domain; the raw
 * message stored under raw/ before the mail receiver is invoked; who may
 * write there and invoke it; the retries, the failure queue and its alarm;
 * the MX record, and the warning where SES may not receive mail.
 */
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { INBOUND_RAW_PREFIX } from '../../shared/conversation/visitor-messages';
import { logicalId, render, testApp, unbundledStackForFile } from './helpers';
import { MAIL_RECEIVER_CONCURRENCY } from '../../infra/limits';

const made = unbundledStackForFile();
const resources = () =>
  made.template.toJSON().Resources as Record<
    string,
    { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }
  >;
const resource = (id: string) => {
  const found = resources()[id];
  if (!found) throw new Error(`No resource ${id}`);
  return found;
};
const ruleOf = () =>
  resource(logicalId(made.stack.receiving.rule)).Properties.Rule as {
    Actions: Record<string, Record<string, unknown>>[];
    Recipients: string[];
    ScanEnabled: boolean;
    TlsPolicy: string;
    Enabled: boolean;
  };
const receiver = () => made.stack.receiving.functions.receiveMail;
const thisRuleSet = () =>
  `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:receipt-rule-set/<${logicalId(made.stack.receiving.ruleSet)}>:receipt-rule/*`;

interface Statement {
  Effect: string;
  Principal?: { Service?: string } | string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

function inboundBucketStatements(): Statement[] {
  const bucket = logicalId(made.stack.data.buckets.inbound);
  const policies = Object.values(resources()).filter(
    (candidate) => candidate.Type === 'AWS::S3::BucketPolicy' && render(candidate.Properties.Bucket) === `<${bucket}>`,
  );
  expect(policies).toHaveLength(1);
  return (policies[0]?.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
}

describe('SES receiving', () => {
  it('has one rule set with one rule for the inbound domain alone: spam and virus scanning on, TLS required', () => {
    expect(Object.keys(made.template.findResources('AWS::SES::ReceiptRuleSet'))).toEqual([
      logicalId(made.stack.receiving.ruleSet),
    ]);
    expect(Object.keys(made.template.findResources('AWS::SES::ReceiptRule'))).toEqual([
      logicalId(made.stack.receiving.rule),
    ]);
    expect(render(resource(logicalId(made.stack.receiving.rule)).Properties.RuleSetName)).toBe(
      `<${logicalId(made.stack.receiving.ruleSet)}>`,
    );
    const rule = ruleOf();
    expect(rule.Recipients).toEqual(['reply.example.com']);
    expect(rule.ScanEnabled).toBe(true);
    expect(rule.TlsPolicy).toBe('Require');
    expect(rule.Enabled).toBe(true);
  });

  it('stores the raw message under raw/ in the inbound bucket, then invokes the mail receiver asynchronously', () => {
    const [store, invoke, ...more] = ruleOf().Actions;
    expect(more).toEqual([]);
    // ses-receipt.ts reads the message at INBOUND_RAW_PREFIX + its SES message id, the key the S3 action writes.
    expect(INBOUND_RAW_PREFIX).toBe('raw/');
    expect(store?.S3Action?.ObjectKeyPrefix).toBe(INBOUND_RAW_PREFIX);
    expect(render(store?.S3Action?.BucketName)).toBe(`<${logicalId(made.stack.data.buckets.inbound)}>`);
    expect(store?.S3Action?.KmsKeyArn).toBeUndefined();
    expect(render(invoke?.LambdaAction?.FunctionArn)).toBe(`<${logicalId(receiver())}.Arn>`);
    expect(invoke?.LambdaAction?.InvocationType).toBe('Event');
    // The rule is made once SES may write and invoke, else SES refuses it.
    expect(resource(logicalId(made.stack.receiving.rule)).DependsOn).toEqual(
      expect.arrayContaining([logicalId(made.stack.data.buckets.inbound.policy!)]),
    );
  });

  it("lets only SES of this account, through this stage's rule set, put raw messages into the inbound bucket, which S3 encrypts with its own key", () => {
    const statements = inboundBucketStatements();
    const puts = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action === 's3:PutObject' || action === 's3:*'),
    );
    const allows = puts.filter((statement) => statement.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]?.Principal).toEqual({ Service: 'ses.amazonaws.com' });
    expect(render(allows[0]?.Resource)).toBe(`<${logicalId(made.stack.data.buckets.inbound)}.Arn>/raw/*`);
    expect(render(allows[0]?.Condition?.StringEquals?.['aws:SourceAccount'])).toBe('<AWS::AccountId>');
    const fromOtherRuleSets = puts.find((statement) => statement.Effect === 'Deny' && statement.Condition?.ArnNotLike);
    expect(fromOtherRuleSets?.Principal).toEqual({ Service: 'ses.amazonaws.com' });
    expect(render(fromOtherRuleSets?.Condition?.ArnNotLike?.['aws:SourceArn'])).toBe(thisRuleSet());
    // SSE-S3: SES writes with no key policy to grant.
    const encryption = resource(logicalId(made.stack.data.buckets.inbound)).Properties.BucketEncryption as {
      ServerSideEncryptionConfiguration: { ServerSideEncryptionByDefault: { SSEAlgorithm: string } }[];
    };
    expect(
      encryption.ServerSideEncryptionConfiguration.map((entry) => entry.ServerSideEncryptionByDefault.SSEAlgorithm),
    ).toEqual(['AES256']);
  });

  it("lets only SES of this account, through this stage's rule set, invoke the mail receiver", () => {
    const permissions = Object.values(made.template.findResources('AWS::Lambda::Permission')).filter((permission) =>
      render(permission.Properties.FunctionName).startsWith(`<${logicalId(receiver())}`),
    );
    expect(permissions).toHaveLength(1);
    const { Principal, Action, SourceAccount, SourceArn } = permissions[0]?.Properties as Record<string, unknown>;
    expect({ Principal, Action }).toEqual({ Principal: 'ses.amazonaws.com', Action: 'lambda:InvokeFunction' });
    expect(render(SourceAccount)).toBe('<AWS::AccountId>');
    expect(render(SourceArn)).toBe(thisRuleSet());
  });

  it("reserves its own concurrency, so a burst of mail neither takes the API's capacity nor waits for it", () => {
    expect(resource(logicalId(receiver())).Properties.ReservedConcurrentExecutions).toBe(MAIL_RECEIVER_CONCURRENCY);
  });

  it('retries a failed run twice within six hours, then keeps its event in the failure queue, whose depth has an alarm', () => {
    const configs = Object.values(made.template.findResources('AWS::Lambda::EventInvokeConfig')).filter(
      (config) => render(config.Properties.FunctionName) === `<${logicalId(receiver())}>`,
    );
    expect(configs).toHaveLength(1);
    const config = configs[0]?.Properties as {
      MaximumRetryAttempts: number;
      MaximumEventAgeInSeconds: number;
      DestinationConfig: { OnFailure: { Destination: unknown } };
    };
    expect(config.MaximumRetryAttempts).toBe(2);
    expect(config.MaximumEventAgeInSeconds).toBe(6 * 60 * 60);
    const failures = logicalId(made.stack.jobs.failures);
    expect(render(config.DestinationConfig.OnFailure.Destination)).toBe(`<${failures}.Arn>`);
    const queue = resource(failures).Properties;
    expect(queue.SqsManagedSseEnabled).toBe(true);
    const alarms = Object.values(made.template.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
      JSON.stringify(alarm.Properties.Dimensions ?? []).includes(failures),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(String(alarms[0]?.Properties.AlarmDescription)).toContain('mail receiver');
  });

  it('verifies the inbound domain with Easy DKIM, and names the rule set and the DKIM records in outputs', () => {
    expect(resource(logicalId(made.stack.receiving.identity!)).Properties.EmailIdentity).toBe('reply.example.com');
    const outputs = made.template.toJSON().Outputs as Record<string, { Value: unknown; Description?: string }>;
    const ruleSetName = Object.values(outputs).find(
      (output) => render(output.Value) === `<${logicalId(made.stack.receiving.ruleSet)}>`,
    );
    expect(ruleSetName?.Description).toContain('aws ses set-active-receipt-rule-set --rule-set-name');
    expect(
      Object.values(outputs).filter(
        (output) => output.Description?.includes('DKIM CNAME') && output.Description.includes('reply.example.com'),
      ),
    ).toHaveLength(3);
  });

  it('verifies the inbound domain once when it is the sender domain, already verified', () => {
    const { stack } = testApp({ mailDomain: 'example.com', inboundDomain: 'example.com' }, { bundle: false });
    expect(stack.receiving.identity).toBeUndefined();
    expect(
      Object.values(Template.fromStack(stack).findResources('AWS::SES::EmailIdentity')).map(
        (identity) => identity.Properties.EmailIdentity,
      ),
    ).toEqual(['example.com']);
  });

  it("names the MX record of the stack's region in an output, and warns at synth where SES may not receive mail", () => {
    const outputs = made.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.values(outputs).map((output) => output.Value)).toContain(
      `reply.example.com. MX 10 inbound-smtp.${made.stack.region}.amazonaws.com`,
    );
    const receivingWarnings = (stack: typeof made.stack) =>
      Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('SES receiving: check'));
    // The default region of an offline synth (ap-northeast-2) is not one SES has long received mail in.
    expect(receivingWarnings(made.stack).map((warning) => String(warning.entry.data))).toEqual([
      expect.stringContaining(`inbound-smtp.${made.stack.region}.amazonaws.com`),
    ]);
    expect(receivingWarnings(testApp({ region: 'us-west-2' }, { bundle: false }).stack)).toEqual([]);
  });
});
