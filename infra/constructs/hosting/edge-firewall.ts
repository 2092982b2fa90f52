/**
 * The AWS WAF web ACL in front of the CloudFront distribution (scope
 * CLOUDFRONT, so it lives in us-east-1: infra/edge-stack.ts). Per-address rate
 * rules for sign-in, enquiries and the whole API (limits in infra/limits.ts),
 * answered 429 with the API's own error body so the site shows its "try again
 * later" text; then AWS's managed common and known-bad-input rules. Everything
 * else is allowed. Every rule has CloudWatch metrics and sampled requests.
 */
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { API_ERROR_CODES, type ApiErrorBody } from '../../../shared/api-error';
import type { RouteName } from '../../../shared/routes';
import { API_PATH_PREFIX, routeNamed } from '../../api-paths';
import { EDGE_RATE_LIMITS, type EdgeRateLimit } from '../../limits';

/** The custom response body of a rate-limited request (the shape every API error has). */
export const RATE_LIMITED_BODY_KEY = 'rate-limited';
export const RATE_LIMITED_BODY: ApiErrorBody = {
  error: 'rate_limited',
  message: 'Too many requests from your address. Please try again in a few minutes.',
};

/**
 * Enquiry bodies may pass the common rule set's 8 KB body limit (a long Korean
 * or Russian message); the functions enforce their own 64 KB limit, so this
 * rule only counts.
 */
export const COUNTED_MANAGED_RULES = { AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'] } as const;
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

export interface EdgeFirewallProps {
  /** Prefix of the CloudWatch metric names, so two stages' metrics stay apart. */
  metricPrefix: string;
}

/**
 * The request path with percent-escapes decoded and `//`, `/./`, `/../`
 * resolved, so other spellings such as `/api//login` or `/api/%6Cogin` count as
 * `/api/login` whatever the API makes of them. Starts-with, so a trailing slash
 * or a suffix counts too.
 */
function pathStartsWith(prefix: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'NORMALIZE_PATH' },
      ],
    },
  };
}

function methodIs(method: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { method: {} },
      positionalConstraint: 'EXACTLY',
      searchString: method,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

/** The scope-down of a route's own rate rule: its path and its method. */
function routeRequests(name: RouteName): CfnWebACL.StatementProperty {
  const route = routeNamed(name);
  return { andStatement: { statements: [pathStartsWith(route.path), methodIs(route.method)] } };
}

export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.metricPrefix}-${name}`,
    });

    const rateRule = (
      name: string,
      priority: number,
      rate: EdgeRateLimit,
      scopeDown: CfnWebACL.StatementProperty,
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: {
        block: {
          customResponse: { responseCode: API_ERROR_CODES.rate_limited, customResponseBodyKey: RATE_LIMITED_BODY_KEY },
        },
      },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit: rate.limit,
          evaluationWindowSec: rate.windowSeconds,
          scopeDownStatement: scopeDown,
        },
      },
      visibilityConfig: visibility(name),
    });

    const managedRule = (name: (typeof MANAGED_RULE_GROUPS)[number], priority: number): CfnWebACL.RuleProperty => {
      const counted: readonly string[] =
        name in COUNTED_MANAGED_RULES ? COUNTED_MANAGED_RULES[name as keyof typeof COUNTED_MANAGED_RULES] : [];
      return {
        name,
        priority,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name,
            ...(counted.length > 0
              ? { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
              : {}),
          },
        },
        visibilityConfig: visibility(name),
      };
    };

    // Rate rules first: a flood is refused before any rule inspects its bodies.
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      // AWS WAF allows letters, digits, spaces and = : # @ / - , . here.
      description:
        'Per-address rate limits for sign-in, one-time link pages, enquiries and the API, then the AWS managed common and known-bad-input rules',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(RATE_LIMITED_BODY) },
      },
      rules: [
        rateRule('SignInRate', 0, EDGE_RATE_LIMITS.signIn, routeRequests('login')),
        rateRule('LinkPagesRate', 1, EDGE_RATE_LIMITS.linkPages, {
          orStatement: { statements: [routeRequests('welcome'), routeRequests('enrolLink')] },
        }),
        rateRule('EnquiryRate', 2, EDGE_RATE_LIMITS.enquiry, routeRequests('sendmail')),
        rateRule('ApiRate', 3, EDGE_RATE_LIMITS.api, pathStartsWith(API_PATH_PREFIX)),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 4),
        managedRule('AWSManagedRulesCommonRuleSet', 5),
      ],
      visibilityConfig: visibility('WebAcl'),
    });
  }
}
