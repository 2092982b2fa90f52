/**
 * The API's own AWS WAF web ACL (scope REGIONAL, in the stage's region, on the
 * REST API's stage): one rule blocks (403, the functions' own refusal body)
 * every request whose X-Origin-Verify header is not exactly the origin-verify
 * secret CloudFront adds, so a call straight to the execute-api address is
 * dropped before it reaches a function (AWS WAF decides before API Gateway's
 * own controls). What passes came through CloudFront and its edge web ACL
 * (infra/constructs/hosting/edge-firewall.ts). An alarm watches the rule's blocked
 * requests.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { API_ERROR_CODES } from '../../../shared/api-error';
import {
  DIRECT_CALL_ALARM_PER_5_MINUTES,
  DIRECT_CALL_REFUSAL,
  ORIGIN_VERIFY_HEADER,
} from '../../../shared/origin-headers';
import { stageAlarm } from '../alarms';

export const DIRECT_CALL_RULE = 'DirectCall';
export const DIRECT_CALL_BODY_KEY = 'direct-call';

export interface ApiFirewallProps {
  /** ARN of the stage the web ACL guards (arn:aws:apigateway:{region}::/restapis/{id}/stages/{name}). */
  stageArn: string;
  /** The value CloudFront sends in X-Origin-Verify. */
  originVerifySecret: ISecret;
  /** The topic the stage's alarms tell (../alarms.ts). */
  alarmTopic: ITopic;
}

export class ApiFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly association: CfnWebACLAssociation;
  /** The rule's blocked requests: calls that did not come through CloudFront. */
  readonly blockedDirectCalls: Metric;
  readonly blockedDirectCallsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // Named by hand, as the stack's other names are derived from the stack (so stages share an account), and the same
    // as its metric name: the CloudWatch dimension WebACL is then the same whichever of the two AWS WAF puts there.
    const name = `${stack.stackName}-Api`;
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const ruleMetric = `${name}-${DIRECT_CALL_RULE}`;

    // A blocking rule with the default action allow, rather than an allowing rule with the default action block: the
    // same requests pass, and the refusals have a metric of their own (the rule's), which the alarm below watches.
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      scope: 'REGIONAL',
      // AWS WAF allows letters, digits, spaces and = : # @ / - , . here.
      description:
        'Blocks every request to the API stage without the X-Origin-Verify secret CloudFront adds: only calls through CloudFront reach the API',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [DIRECT_CALL_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(DIRECT_CALL_REFUSAL) },
      },
      rules: [
        {
          name: DIRECT_CALL_RULE,
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: API_ERROR_CODES[DIRECT_CALL_REFUSAL.error],
                customResponseBodyKey: DIRECT_CALL_BODY_KEY,
              },
            },
          },
          statement: {
            notStatement: {
              statement: {
                byteMatchStatement: {
                  // Header names are not case-sensitive here; a missing header matches nothing, so it is blocked.
                  fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER.toLowerCase() } },
                  positionalConstraint: 'EXACTLY',
                  // The same dynamic reference ({{resolve:secretsmanager:...}}) as CloudFront's origin header: the value
                  // is not in the template, CloudFormation resolves it when it creates or updates the web ACL.
                  searchString: props.originVerifySecret.secretValue.unsafeUnwrap(),
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility(ruleMetric),
        },
      ],
      visibilityConfig: visibility(name),
    });
    this.association = new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });

    this.blockedDirectCalls = new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: name, Rule: ruleMetric, Region: stack.region },
      statistic: Stats.SUM,
      period: Duration.minutes(5),
    });
    this.blockedDirectCallsAlarm = stageAlarm(this, 'BlockedDirectCallsAlarm', props.alarmTopic, {
      what: 'api-blocked-direct-calls',
      alarmDescription: `More than ${DIRECT_CALL_ALARM_PER_5_MINUTES} calls in five minutes came to the API without the origin secret and were dropped by its web ACL: someone is calling the execute-api address directly (nothing reached a function; a flood here costs AWS WAF requests only)`,
      metric: this.blockedDirectCalls,
      threshold: DIRECT_CALL_ALARM_PER_5_MINUTES,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }
}
