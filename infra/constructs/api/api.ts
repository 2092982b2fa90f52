/**
 * The API: one Lambda function per deployed route (infra/stage-routes.ts, by
 * default every entry of the route table, shared/routes.ts), each bound to
 * exactly what `resourcesOf(route)` lists, behind an API Gateway REST API
 * (regional endpoint): one resource per path, one Lambda proxy integration
 * (payload format 1.0) per route, a stage with stage-wide and per-method
 * throttling (infra/limits.ts), JSON access logs, X-Ray tracing and an alarm
 * on its 5XX answers. CloudFront sends `/api/*`
 * to the stage with the origin-verify secret in X-Origin-Verify; the stage's
 * regional AWS WAF web ACL (./api-firewall.ts) drops (403) every request
 * without it before any function runs (AWS WAF decides before API Gateway's
 * own controls), and every function refuses one too (defence in depth, with
 * its own metric and alarm).
 *
 * The REST API, its stage, its web ACL and the paths several features share
 * are made here, in the main stack; each feature's routes (functions, roles,
 * log groups, permissions, methods and the paths only it uses) are made in a
 * nested stack of their own (./route-group.ts), so no template nears
 * CloudFormation's 500 resources as routes are added (docs/deploying.md).
 */
import { ComparisonOperator, Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { DIRECT_CALL_ALARM_PER_5_MINUTES, DIRECT_CALL_METRIC } from '../../../shared/origin-headers';
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  type IResource,
  LogGroupLogDestination,
  type Method,
  type MethodDeploymentOptions,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { API_ERROR_CODES, NO_SUCH_ROUTE } from '../../../shared/api-error';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ApiRoute, RouteName } from '../../../shared/routes';
import { API_THROTTLING } from '../../limits';
import { acknowledge } from '../../nag';
import { type StageRoute, declaredStageRoutes } from '../../stage-routes';
import { ALARM_PERIOD, stageAlarm } from '../alarms';
import { ApiFirewall } from './api-firewall';
import type { BindableResources } from '../functions/bindable-resources';
import { type RouteFunction, pascal } from '../functions/route-function';
import { RouteGroup, pathsSharedByGroups } from './route-group';

export interface ApiProps {
  resources: BindableResources;
  /** REQUIRE_TWO_FACTOR of every function: whether staff must use two-factor until an admin sets the policy. */
  requireTwoFactor: boolean;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** The routes to deploy; by default every route of the route table in its feature's stack (declaredStageRoutes). */
  routes?: readonly StageRoute[];
  /** The topic the stage's alarms tell (../alarms.ts). */
  alarmTopic: ITopic;
}

/** The stage CloudFront calls: its name is the first segment of every execute-api path (the CDN origin's path). */
export const API_STAGE_NAME = 'live';

/**
 * 5XX answers in five minutes that set off the stage's alarm. Each is a failure
 * a visitor or staff member saw (the functions' own 503 when a service they call
 * fails, API Gateway's 502 or 504 when a function crashed or took too long); one
 * alone is often a passing fault that the caller's retry got past, five are not.
 */
export const API_5XX_ALARM_PER_5_MINUTES = 5;

/** A route's key in the stage's method settings: `{resource path}/{method}`. */
export const methodSettingKeyOf = (route: ApiRoute) => `${route.path}/${route.method}`;

export class Api extends Construct {
  readonly restApi: RestApi;
  readonly firewall: ApiFirewall;
  readonly functions: Record<RouteName, RouteFunction>;
  readonly methods: Record<RouteName, Method>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const routes = props.routes ?? declaredStageRoutes();

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    const methodOptions: Record<string, MethodDeploymentOptions> = {};
    for (const { route } of routes) {
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
        // X-Ray traces of requests (sampled), on to the functions, which trace too (RouteFunction).
        tracingEnabled: true,
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
      alarmTopic: props.alarmTopic,
    });
    stageAlarm(this, 'ServerErrorsAlarm', props.alarmTopic, {
      what: 'api-5xx',
      alarmDescription: `At least ${API_5XX_ALARM_PER_5_MINUTES} API answers in five minutes were 5XX errors: the stage's access log (status, integrationStatus, integrationError) says which routes, and their functions' logs why.`,
      metric: this.stage.metricServerError({ period: ALARM_PERIOD, statistic: Stats.SUM }),
      threshold: API_5XX_ALARM_PER_5_MINUTES,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    // Defence in depth: a call that got past the web ACL without the secret is refused by the function, and counted.
    stageAlarm(this, 'DirectCallsAlarm', props.alarmTopic, {
      what: 'api-direct-calls',
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
    });

    // A path under which several features' routes lie is made here; the rest, with the routes, in each feature's stack.
    const sharedPaths = new Map<string, IResource>(
      pathsSharedByGroups(routes.map(({ route, feature }) => ({ path: route.path, group: feature }))).map((path) => [
        path,
        this.restApi.root.resourceForPath(path),
      ]),
    );
    const groups = [...new Set(routes.map((route) => route.feature))].map(
      (feature) =>
        new RouteGroup(this, pascal(feature), {
          routes: routes.filter((route) => route.feature === feature),
          restApi: this.restApi,
          stageName: API_STAGE_NAME,
          sharedPaths,
          resources: props.resources,
          requireTwoFactor: props.requireTwoFactor,
          logRetention: props.logRetention,
          logRemovalPolicy: props.logRemovalPolicy,
          alarmTopic: props.alarmTopic,
        }),
    );
    this.functions = Object.fromEntries(groups.flatMap((group) => [...group.functions])) as Record<
      RouteName,
      RouteFunction
    >;
    this.methods = Object.fromEntries(groups.flatMap((group) => [...group.methods])) as Record<RouteName, Method>;
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
