/**
 * The HTTP API: one Lambda function per entry of the route table
 * (shared/routes.ts), each bound to exactly what `resourcesOf(route)` lists,
 * behind an HTTP API with stage-wide and per-route throttling (infra/limits.ts)
 * and JSON access logs. CloudFront sends `/api/*` here with the origin-verify
 * secret in X-Origin-Verify, and every function refuses (403) a call without
 * it; the route keys are the table's paths.
 */
import { Alarm, ComparisonOperator, Metric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { DIRECT_CALL_ALARM_PER_5_MINUTES, DIRECT_CALL_METRIC } from '../../shared/origin-headers';
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type CfnStage, HttpApi, HttpMethod, type HttpRoute, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_ROUTES, type ApiRoute, type RouteName, resourcesOf } from '../../shared/routes';
import { routeDeclaration } from '../../functions/features';
import { API_THROTTLING } from '../limits';
import { acknowledge } from '../nag';
import { type BindableResources, RouteFunction, pascal } from './route-function';

export interface ApiProps {
  resources: BindableResources;
  /** REQUIRE_TWO_FACTOR of every function: whether staff must use two-factor until an admin sets the policy. */
  requireTwoFactor: boolean;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
}

export const routeKeyOf = (route: ApiRoute) => `${route.method} ${route.path}`;

/** How every route is reached: only through CloudFront, where the edge rules apply. */
const THROUGH_CLOUDFRONT_ONLY =
  'Every function refuses (403) a call without the X-Origin-Verify secret that CloudFront adds to API origin requests, so the route is reachable only through CloudFront and its AWS WAF web ACL (per-address rate rules, AWS managed rules); the stage and route throttles (infra/limits.ts) cap the whole API.';

const NO_AUTHORIZER_REASON = {
  public: `Public by design (the contract of docs/contract.md, 'The calls'): visitors and the sign-in page call it without an account. ${THROUGH_CLOUDFRONT_ONLY} The function adds its own per-address limits and strict schema validation.`,
  staff: `The function itself checks the staff bearer token (HS256 with issuer, audience, expiry and server-side revocation, functions/http/staff.ts) before anything else. An API Gateway JWT authorizer cannot verify these shared-secret tokens (it needs an OIDC issuer with a JWKS), and a Lambda authorizer would only repeat the same check. ${THROUGH_CLOUDFRONT_ONLY}`,
} as const;

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: Record<RouteName, RouteFunction>;
  readonly routes: Record<RouteName, HttpRoute>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${Stack.of(this).stackName}-api`,
      description: 'Medical tourism centre API (served to browsers under /api on the site origin by CloudFront)',
      createDefaultStage: false,
      // The execute-api endpoint stays on (disableExecuteApiEndpoint is not set): it is CloudFront's origin, the only
      // host name an HTTP API has without a custom domain, so turning it off would cut CloudFront off too. A direct
      // call reaches a function but lacks the origin-verify secret, and the function refuses it (403), counted in
      // the DirectCallRefused metric the alarm below watches (docs/decisions.md, 'Direct calls to the API').
    });
    new Alarm(this, 'DirectCallsAlarm', {
      alarmDescription: `More than ${DIRECT_CALL_ALARM_PER_5_MINUTES} calls in five minutes reached the API without coming through CloudFront (refused, but they use the API's throttle and the functions' time): someone is calling the execute-api address directly`,
      metric: new Metric({
        namespace: DIRECT_CALL_METRIC.namespace,
        metricName: DIRECT_CALL_METRIC.name,
        dimensionsMap: { [DIRECT_CALL_METRIC.dimension]: this.httpApi.apiId },
        statistic: Stats.SUM,
        period: Duration.minutes(5),
      }),
      threshold: DIRECT_CALL_ALARM_PER_5_MINUTES,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: props.logRemovalPolicy });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      throttle: API_THROTTLING.stage,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            integrationStatus: '$context.integrationStatus',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            // Behind CloudFront this is the edge's address; the viewer's is in the CloudFront-Viewer-Address header.
            sourceIp: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const functions: Partial<Record<RouteName, RouteFunction>> = {};
    const routes: Partial<Record<RouteName, HttpRoute>> = {};
    for (const route of API_ROUTES) {
      const { sizing } = routeDeclaration(route.name);
      const fn = new RouteFunction(this, `${pascal(route.name)}Function`, {
        entryName: route.name,
        description: `${routeKeyOf(route)} (${route.access})`,
        memoryMiB: sizing.memoryMiB,
        timeout: Duration.seconds(sizing.timeoutSeconds),
        logRetention: props.logRetention,
        logRemovalPolicy: props.logRemovalPolicy,
      });
      // Public routes read items by key only; staff routes may list (page through enquiries).
      fn.bindUses(resourcesOf(route), props.resources, { listing: route.access === 'staff' });
      // Every API function may check that a request came through CloudFront (and only then trusts CloudFront-Viewer-Address).
      fn.bindSecret('ORIGIN_VERIFY_SECRET', props.resources.originVerifySecret);
      // The stage's default of the two-factor policy (sign-in, invitations and every staff route's check read it).
      fn.addEnvironment('REQUIRE_TWO_FACTOR', String(props.requireTwoFactor));
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [route.method === 'GET' ? HttpMethod.GET : HttpMethod.POST],
        integration: new HttpLambdaIntegration(`${pascal(route.name)}Integration`, fn, { timeout: Duration.seconds(Math.min(29, sizing.timeoutSeconds + 1)) }),
      });
      if (!httpRoute) throw new Error(`No route made for ${routeKeyOf(route)}`);
      acknowledge(httpRoute, 'AwsSolutions-APIG4', NO_AUTHORIZER_REASON[route.access]);
      functions[route.name] = fn;
      routes[route.name] = httpRoute;
    }
    this.functions = functions as Record<RouteName, RouteFunction>;
    this.routes = routes as Record<RouteName, HttpRoute>;

    // Per-route throttling: route settings name routes by key, so the stage waits for them.
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of API_ROUTES) {
      const limit = API_THROTTLING.routes[route.name];
      if (!limit) continue;
      routeSettings[routeKeyOf(route)] = { ThrottlingRateLimit: limit.rateLimit, ThrottlingBurstLimit: limit.burstLimit };
      cfnStage.node.addDependency(this.routes[route.name]);
    }
    cfnStage.routeSettings = routeSettings;
  }

  /** Host name of the API's default endpoint, for the CDN origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${this.httpApi.stack.region}.${this.httpApi.stack.urlSuffix}`;
  }
}
