/**
 * The edge: the stage's AWS WAF web ACL in its us-east-1 stack, how the
 * distribution in the main stack's region gets it, and the existing ACL an
 * operator may name instead (`-c webAclArn=...`). Synthesised without bundling.
 */
import type { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITED_BODY } from '../../infra/constructs/hosting/edge-firewall';
import { edgeStackNameOf } from '../../infra/config';
import type { EdgeStack } from '../../infra/edge-stack';
import { EDGE_RATE_LIMITS, type EdgeRateLimit } from '../../infra/limits';
import { acknowledgementsUnder } from '../../infra/nag';
import type { MedicalTourismStack } from '../../infra/stack';
import { API_ERROR_CODES } from '../../shared/api-error';
import { API_ROUTES } from '../../shared/routes';
import { TEST_CONTEXT, logicalId, removeTemporaryDirs, testApp } from './helpers';

afterAll(removeTemporaryDirs);

interface Rule {
  Name: string;
  Priority: number;
  Action?: Record<string, unknown>;
  OverrideAction?: Record<string, unknown>;
  Statement: Record<string, Record<string, unknown>>;
  VisibilityConfig: { CloudWatchMetricsEnabled: boolean; SampledRequestsEnabled: boolean; MetricName: string };
}

const distributionConfigOf = (template: Template) =>
  Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties.DistributionConfig as Record<
    string,
    unknown
  >;

const cfr2Acknowledgements = (app: App) =>
  acknowledgementsUnder(app).filter((acknowledgement) => acknowledgement.id === 'AwsSolutions-CFR2');

/** What a route's own rate rule counts: its path (decoded, normalised, as API Gateway routes it) and its method. */
function routeScopeDown(name: 'login' | 'welcome' | 'enrolLink' | 'sendmail') {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  return {
    AndStatement: {
      Statements: [
        {
          ByteMatchStatement: {
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'STARTS_WITH',
            SearchString: route?.path,
            TextTransformations: [
              { Priority: 0, Type: 'URL_DECODE' },
              { Priority: 1, Type: 'NORMALIZE_PATH' },
            ],
          },
        },
        {
          ByteMatchStatement: {
            FieldToMatch: { Method: {} },
            PositionalConstraint: 'EXACTLY',
            SearchString: route?.method,
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      ],
    },
  };
}

const rateLimited = { Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rate-limited' } } };
const rateStatement = (rate: EdgeRateLimit, scopeDown: unknown) => ({
  RateBasedStatement: {
    AggregateKeyType: 'IP',
    Limit: rate.limit,
    EvaluationWindowSec: rate.windowSeconds,
    ScopeDownStatement: scopeDown,
  },
});

describe("the stage's own AWS WAF web ACL (the default)", () => {
  let app: App;
  let stack: MedicalTourismStack;
  let edge: EdgeStack;
  let edgeTemplate: Template;
  let rules: Rule[];

  beforeAll(() => {
    const built = testApp({}, { bundle: false });
    if (!built.edge) throw new Error('No edge stack');
    ({ app, stack, edge } = built);
    edgeTemplate = Template.fromStack(edge);
    const acls = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    rules = acls[0]?.Properties.Rules as Rule[];
  }, 300_000);

  const rule = (name: string): Rule => {
    const found = rules.find((candidate) => candidate.Name === name);
    if (!found) throw new Error(`No rule ${name}`);
    return found;
  };

  it('lives in its own stack in us-east-1 (CloudFront ACLs live there), with scope CLOUDFRONT, allowing what no rule stops', () => {
    expect(edge.stackName).toBe(edgeStackNameOf(TEST_CONTEXT.stage));
    expect(edge.region).toBe('us-east-1');
    // The main stack has a region of its own (the default when neither -c region nor the CLI names one).
    expect(stack.region).toBe('ap-northeast-2');
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(rules.map((candidate) => candidate.Name)).toEqual([
      'SignInRate',
      'LinkPagesRate',
      'EnquiryRate',
      'ApiRate',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesCommonRuleSet',
    ]);
    expect(rules.map((candidate) => candidate.Priority)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('limits sign-in per address: POST /api/login', () => {
    expect(rule('SignInRate').Statement).toEqual(rateStatement(EDGE_RATE_LIMITS.signIn, routeScopeDown('login')));
    expect(rule('SignInRate').Action).toEqual(rateLimited);
  });

  it('limits the one-time link pages per address, with one count: POST /api/welcome and POST /api/enrol (a password is hashed each time)', () => {
    expect(rule('LinkPagesRate').Statement).toEqual(
      rateStatement(EDGE_RATE_LIMITS.linkPages, {
        OrStatement: { Statements: [routeScopeDown('welcome'), routeScopeDown('enrolLink')] },
      }),
    );
    expect(rule('LinkPagesRate').Action).toEqual(rateLimited);
  });

  it('limits enquiries per address: POST /api/sendmail', () => {
    expect(rule('EnquiryRate').Statement).toEqual(rateStatement(EDGE_RATE_LIMITS.enquiry, routeScopeDown('sendmail')));
    expect(rule('EnquiryRate').Action).toEqual(rateLimited);
  });

  it('limits every /api/ request per address', () => {
    expect(rule('ApiRate').Statement).toEqual(
      rateStatement(EDGE_RATE_LIMITS.api, {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/',
          TextTransformations: [
            { Priority: 0, Type: 'URL_DECODE' },
            { Priority: 1, Type: 'NORMALIZE_PATH' },
          ],
        },
      }),
    );
    expect(rule('ApiRate').Action).toEqual(rateLimited);
  });

  it("answers a rate-limited request 429 with the API's own error body, which the site knows", () => {
    expect(API_ERROR_CODES[RATE_LIMITED_BODY.error]).toBe(429);
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      CustomResponseBodies: {
        'rate-limited': { ContentType: 'APPLICATION_JSON', Content: JSON.stringify(RATE_LIMITED_BODY) },
      },
    });
  });

  it('chooses limits a person never reaches, within what AWS WAF allows', () => {
    for (const rate of Object.values(EDGE_RATE_LIMITS)) {
      expect(rate.limit).toBeGreaterThanOrEqual(10);
      expect([60, 120, 300, 600]).toContain(rate.windowSeconds);
    }
    // At most two sign-ins and one enquiry a minute from one address, on average over the window.
    expect(EDGE_RATE_LIMITS.signIn.limit / (EDGE_RATE_LIMITS.signIn.windowSeconds / 60)).toBeLessThanOrEqual(2);
    expect(EDGE_RATE_LIMITS.enquiry.limit / (EDGE_RATE_LIMITS.enquiry.windowSeconds / 60)).toBeLessThanOrEqual(1);
  });

  it('runs the AWS managed common rules, only counting large bodies (long enquiries), and the known-bad-input rules', () => {
    expect(rule('AWSManagedRulesCommonRuleSet')).toMatchObject({
      OverrideAction: { None: {} },
      Statement: {
        ManagedRuleGroupStatement: {
          VendorName: 'AWS',
          Name: 'AWSManagedRulesCommonRuleSet',
          RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
        },
      },
    });
    expect(rule('AWSManagedRulesKnownBadInputsRuleSet')).toMatchObject({
      OverrideAction: { None: {} },
      Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
    });
    expect(
      rule('AWSManagedRulesKnownBadInputsRuleSet').Statement.ManagedRuleGroupStatement?.RuleActionOverrides,
    ).toBeUndefined();
  });

  it('keeps CloudWatch metrics and sampled requests on, under names of its own stage', () => {
    const acl = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]?.Properties;
    for (const visibility of [acl.VisibilityConfig, ...rules.map((candidate) => candidate.VisibilityConfig)]) {
      expect(visibility).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
      expect(visibility.MetricName.startsWith(edge.stackName)).toBe(true);
    }
  });

  it("is the distribution's web ACL, read from the edge stack's output across regions (no custom resource)", () => {
    const template = Template.fromStack(stack);
    const webAclId = distributionConfigOf(template).WebACLId as {
      'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string };
    };
    expect(webAclId['Fn::GetStackOutput']).toMatchObject({ StackName: edge.stackName, Region: 'us-east-1' });
    const outputs = edgeTemplate.toJSON().Outputs as Record<string, { Value: unknown }>;
    const acl = logicalId(edge.firewall.webAcl);
    expect(outputs[webAclId['Fn::GetStackOutput'].OutputName]?.Value).toEqual({ 'Fn::GetAtt': [acl, 'Arn'] });
    // CDK deploys the edge stack first.
    expect(stack.dependencies).toContain(edge);
    // Weak, so neither side has the ExportsWriter/ExportsReader custom resources of a strong cross-region reference.
    expect(Object.keys(template.findResources('Custom::CrossRegionExportReader'))).toEqual([]);
    expect(Object.keys(edgeTemplate.findResources('Custom::CrossRegionExportWriter'))).toEqual([]);
    expect(Object.keys(edgeTemplate.findResources('AWS::Lambda::Function'))).toEqual([]);
  });

  it('needs no CFR2 acknowledgement, and leaves no cdk-nag finding', () => {
    expect(cfr2Acknowledgements(app)).toEqual([]);
    expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
  });
});

describe('a stage given an existing web ACL (-c webAclArn=...)', () => {
  const webAclArn =
    'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shared-acl/0a1b2c3d-4e5f-6789-abcd-ef0123456789';
  let app: App;
  let stack: MedicalTourismStack;
  let edge: EdgeStack | undefined;

  beforeAll(() => {
    ({ app, stack, edge } = testApp({ webAclArn }, { bundle: false }));
  }, 300_000);

  it("makes no edge stack and no CloudFront web ACL of its own (only the API stage's regional one)", () => {
    expect(edge).toBeUndefined();
    expect(app.node.tryFindChild(edgeStackNameOf(TEST_CONTEXT.stage))).toBeUndefined();
    const acls = Object.values(Template.fromStack(stack).findResources('AWS::WAFv2::WebACL'));
    expect(acls.map((acl) => acl.Properties.Scope)).toEqual(['REGIONAL']);
  });

  it('attaches the given ACL to the distribution', () => {
    expect(distributionConfigOf(Template.fromStack(stack)).WebACLId).toBe(webAclArn);
  });

  it('needs no CFR2 acknowledgement, and leaves no cdk-nag finding', () => {
    expect(cfr2Acknowledgements(app)).toEqual([]);
    expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
  });
});
