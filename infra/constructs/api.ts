/**
 * The API: one Lambda function per entry of the route table
 * (shared/routes.ts), each bound to exactly what `resourcesOf(route)` lists,
 * behind an API Gateway REST API (regional endpoint): one resource per path of
 * the table, one Lambda proxy integration (payload format 1.0) per route, a
 * stage with stage-wide and per-method throttling (infra/limits.ts) and JSON
 * access logs. CloudFront sends `/api/*` to the stage with the origin-verify
 * secret in X-Origin-Verify; the stage's regional AWS WAF web ACL
 * (./api-firewall.ts) drops (403) every request without it before any
 * function runs (AWS WAF decides before API Gateway's own controls), and every
 * function refuses one too (defence in depth, with its own metric and alarm).
 */
import { Alarm, ComparisonOperator, Metric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { DIRECT_CALL_ALARM_PER_5_MINUTES, DIRECT_CALL_METRIC } from '../../shared/origin-headers';
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  type Method,
  type MethodDeploymentOptions,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { API_ERROR_CODES, NO_SUCH_ROUTE } from '../../shared/api-error';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_ROUTES, resourcesOf } from '../../shared/routes';
import { type ApiRoute, type RouteName } from '../../shared/route-names';
import { routeDeclaration } from '../../functions/features';
import { API_THROTTLING } from '../limits';
import { acknowledge } from '../nag';
import { ApiFirewall } from './api-firewall';
import { type BindableResources, RouteFunction, pascal } from './route-function';

export interface ApiProps {
  resources: BindableResources;
  /** REQUIRE_TWO_FACTOR of every function: whether staff must use two-factor until an admin sets the policy. */
  requireTwoFactor: boolean;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
}

export const routeKeyOf = (route: ApiRoute) => `${route.method} ${route.path}`;

/** The stage CloudFront calls: its name is the first segment of every execute-api path (the CDN origin's path). */
export const API_STAGE_NAME = 'live';

/** A route's key in the stage's method settings: `{resource path}/{method}`. */
export const methodSettingKeyOf = (route: ApiRoute) => `${route.path}/${route.method}`;

/** How every route is reached: only through CloudFront, where the edge rules apply. */
const THROUGH_CLOUDFRONT_ONLY =
  "The stage's regional AWS WAF web ACL blocks (403) every request without the X-Origin-Verify secret that CloudFront adds to API origin requests, before any function runs, and every function refuses (403) such a call too, so the route is reachable only through CloudFront and its edge AWS WAF web ACL (per-address rate rules, AWS managed rules); the stage and method throttles (infra/limits.ts) cap the whole API.";

const NO_AUTHORIZER_REASON = {
  public: `Public by design (the contract of docs/contract.md, 'The calls'): visitors and the sign-in page call it without an account. ${THROUGH_CLOUDFRONT_ONLY} The function adds its own per-address limits and strict schema validation.`,
  staff: `The function itself checks the staff bearer token (HS256 with issuer, audience, expiry and server-side revocation, functions/accounts/staff-auth/staff.ts) before anything else. An API Gateway Cognito or token authorizer cannot verify these shared-secret tokens with their revocation, and a Lambda authorizer would only repeat the same check. ${THROUGH_CLOUDFRONT_ONLY}`,
} as const;

export class Api extends Construct {
  readonly restApi: RestApi;
  readonly firewall: ApiFirewall;
  readonly functions: Record<RouteName, RouteFunction>;
  readonly methods: Record<RouteName, Method>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    const methodOptions: Record<string, MethodDeploymentOptions> = {};
    for (const route of API_ROUTES) {
      const limit = API_THROTTLING.routes[route.name];
      if (limit)
        methodOptions[methodSettingKeyOf(route)] = {
          throttlingRateLimit: limit.rateLimit,
          throttlingBurstLimit: limit.burstLimit,
        };
    }

    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: `${Stack.of(this).stackName}-api`,
      description: 'Medical tourism centre API (served to browsers under /api on the site origin by CloudFront)',
      // Regional: CloudFront is the edge. An edge-optimised endpoint would put a second, AWS-managed distribution in between.
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // The execute-api endpoint stays on: it is CloudFront's origin, the only host name the API has without a custom
      // domain (and a custom domain would be as reachable), so turning it off would cut CloudFront off too. A direct
      // call to it is dropped by the stage's web ACL (ApiFirewall) for lacking the origin-verify secret.
      disableExecuteApiEndpoint: false,
      // Every request body reaches the function as base64 bytes (isBase64Encoded), whatever its type: the function
      // decodes them strictly as UTF-8 and refuses a body that is not (functions/platform/http/request.ts), where text
      // handling would let API Gateway pass broken bytes on. Answers are text (isBase64Encoded false), passed as they are.
      binaryMediaTypes: ['*/*'],
      // No account-wide CloudWatch role (AWS::ApiGateway::Account is one setting per account and region, shared with
      // every other stage and workload): the stage writes access logs, which need none, and no execution logs.
      cloudWatchRole: false,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: API_THROTTLING.stage.rateLimit,
        throttlingBurstLimit: API_THROTTLING.stage.burstLimit,
        methodOptions,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            routeKey: '$context.httpMethod $context.resourcePath',
            status: '$context.status',
            responseLength: '$context.responseLength',
            integrationStatus: '$context.integrationStatus',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            // WAF_ALLOW or WAF_BLOCK: what the stage's web ACL decided.
            wafResponseCode: '$context.wafResponseCode',
            // Behind CloudFront this is the edge's address; the viewer's is in the CloudFront-Viewer-Address header.
            sourceIp: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    acknowledge(
      this.restApi,
      'AwsSolutions-APIG2',
      "No API Gateway request validation: every function validates its own input against the route's schema (shared/<feature>/ schemas: strict types, lengths, unknown fields refused) and answers the contract's error body with the field at fault; an API Gateway model would be a second, looser copy of those schemas answering a different body.",
    );
    acknowledge(
      this.stage,
      'AwsSolutions-APIG6',
      "No execution logs: they need the account-wide API Gateway CloudWatch role (one AWS::ApiGateway::Account setting per account and region, shared with every other stage and workload, so not one stage stack's to own). The stage writes a JSON access log line per request (status, integration status and error, latency, the web ACL's decision), and every function logs its own failures.",
    );
    // A path or method that is no route: REST API answers 403 'Missing Authentication Token' by default, which reads
    // like a refusal. 404 with the contract's body, as the local server answers (CloudFront shows the site's 404 page).
    this.restApi.addGatewayResponse('NoSuchRoute', {
      type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: String(API_ERROR_CODES[NO_SUCH_ROUTE.error]),
      templates: { 'application/json': JSON.stringify(NO_SUCH_ROUTE) },
    });
    // The stage's ARN names it by reference, so the association waits for the stage.
    this.firewall = new ApiFirewall(this, 'Firewall', {
      stageArn: this.stage.stageArn,
      originVerifySecret: props.resources.originVerifySecret,
    });

    // Defence in depth: a call that got past the web ACL without the secret is refused by the function, and counted.
    new Alarm(this, 'DirectCallsAlarm', {
      alarmDescription: `More than ${DIRECT_CALL_ALARM_PER_5_MINUTES} calls in five minutes reached an API function without coming through CloudFront (refused, but the stage's web ACL should have dropped them: check it is associated with the stage)`,
      metric: new Metric({
        namespace: DIRECT_CALL_METRIC.namespace,
        metricName: DIRECT_CALL_METRIC.name,
        dimensionsMap: { [DIRECT_CALL_METRIC.dimension]: this.restApi.restApiId },
        statistic: Stats.SUM,
        period: Duration.minutes(5),
      }),
      threshold: DIRECT_CALL_ALARM_PER_5_MINUTES,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    const functions: Partial<Record<RouteName, RouteFunction>> = {};
    const methods: Partial<Record<RouteName, Method>> = {};
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
      const integration = new LambdaIntegration(fn, {
        proxy: true,
        timeout: Duration.seconds(Math.min(29, sizing.timeoutSeconds + 1)),
        // API Gateway may invoke the function for this method of this stage only (not the console's test invocations).
        allowTestInvoke: false,
      });
      const method = this.restApi.root
        .resourceForPath(route.path)
        .addMethod(route.method, integration, { authorizationType: AuthorizationType.NONE });
      acknowledge(method, 'AwsSolutions-APIG4', NO_AUTHORIZER_REASON[route.access]);
      acknowledge(
        method,
        'AwsSolutions-COG4',
        `No Cognito user pool: staff accounts live in the stage's own staff table. ${NO_AUTHORIZER_REASON[route.access]}`,
      );
      functions[route.name] = fn;
      methods[route.name] = method;
    }
    this.functions = functions as Record<RouteName, RouteFunction>;
    this.methods = methods as Record<RouteName, Method>;
  }

  get stage() {
    return this.restApi.deploymentStage;
  }

  /** Host name of the API's execute-api endpoint, for the CDN origin. */
  get domainName(): string {
    return `${this.restApi.restApiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  /** The CDN origin's path: CloudFront puts it before the viewer's `/api/...` path, which names the stage's resources. */
  get originPath(): string {
    return `/${API_STAGE_NAME}`;
  }
}
