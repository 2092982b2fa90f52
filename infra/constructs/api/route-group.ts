/**
 * One feature's API routes in a nested stack of their own: each route's
 * function (bound to exactly what `resourcesOf(route)` lists), its role, log
 * group and invoke permission, and its REST API method with the path
 * resources only this feature uses, and the Errors and Throttles alarms of
 * its functions (../alarms.ts). The REST API, its stage and the paths
 * several features share stay in the main stack (./api.ts), imported here by
 * id; the stage's deployment depends on this stack and changes with its
 * methods, so a new or changed route is deployed to the stage.
 *
 * A route's invoke permission names the stage by its name: a reference to the
 * stage itself would make this stack depend on the stage, which is deployed
 * after (and because of) the methods made here.
 */
import { Duration, NestedStack } from 'aws-cdk-lib';
import {
  AuthorizationType,
  type CfnMethod,
  type IResource,
  type IRestApi,
  LambdaIntegration,
  type Method,
  Resource,
  RestApi,
  Stage,
} from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import { routeDeclaration } from '../../../functions/features';
import { type ApiRoute, type RouteName, resourcesOf } from '../../../shared/routes';
import { acknowledge } from '../../nag';
import type { StageRoute } from '../../stage-routes';
import { functionAlarms } from '../alarms';
import type { FunctionWatch } from '../functions/background-function';
import type { BindableResources } from '../functions/bindable-resources';
import { RouteFunction, pascal } from '../functions/route-function';

/** How every route is reached: only through CloudFront, where the edge rules apply. */
const THROUGH_CLOUDFRONT_ONLY =
  "The stage's regional AWS WAF web ACL blocks (403) every request without the X-Origin-Verify secret that CloudFront adds to API origin requests, before any function runs, and every function refuses (403) such a call too, so the route is reachable only through CloudFront and its edge AWS WAF web ACL (per-address rate rules, AWS managed rules); the stage and method throttles (infra/limits.ts) cap the whole API.";

const NO_AUTHORIZER_REASON = {
  public: `Public by design (the contract of docs/contract.md, 'The calls'): visitors and the sign-in page call it without an account. ${THROUGH_CLOUDFRONT_ONLY} The function adds its own per-address limits and strict schema validation.`,
  staff: `The function itself checks the staff bearer token (HS256 with issuer, audience, expiry and server-side revocation, functions/accounts/staff-auth/staff.ts) before anything else. An API Gateway Cognito or token authorizer cannot verify these shared-secret tokens with their revocation, and a Lambda authorizer would only repeat the same check. ${THROUGH_CLOUDFRONT_ONLY}`,
} as const;

const routeKeyOf = (route: ApiRoute) => `${route.method} ${route.path}`;

export interface RouteGroupProps extends FunctionWatch {
  routes: readonly StageRoute[];
  /** The main stack's REST API: its id and root, its deployment, and its stage's name. */
  restApi: RestApi;
  stageName: string;
  /** The path resources the main stack made because several groups' routes lie under them, by path. */
  sharedPaths: ReadonlyMap<string, IResource>;
  resources: BindableResources;
  /** REQUIRE_TWO_FACTOR of every function: whether staff must use two-factor until an admin sets the policy. */
  requireTwoFactor: boolean;
}

export class RouteGroup extends NestedStack {
  readonly functions = new Map<RouteName, RouteFunction>();
  readonly methods = new Map<RouteName, Method>();
  private readonly restApi: IRestApi;
  private readonly imported = new Map<string, IResource>();

  constructor(scope: Construct, id: string, props: RouteGroupProps) {
    super(scope, id, { description: `API routes of the ${id} feature` });
    this.restApi = RestApi.fromRestApiAttributes(this, 'RestApi', {
      restApiId: props.restApi.restApiId,
      rootResourceId: props.restApi.restApiRootResourceId,
    });
    // Method.methodArn reads only the stage's name (IRestApi types the stage as the Stage class, which an API known
    // by id cannot have).
    this.restApi.deploymentStage = Stage.fromStageAttributes(this, 'LiveStage', {
      restApi: this.restApi,
      stageName: props.stageName,
    }) as Stage;
    const deployment = props.restApi.latestDeployment;
    if (!deployment) throw new Error('The REST API has no deployment to add the routes to');

    for (const { route, entryName } of props.routes) {
      const { sizing } = routeDeclaration(entryName);
      const fn = new RouteFunction(this, `${pascal(route.name)}Function`, {
        entryName,
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
      const method = this.resourceFor(route.path, props.sharedPaths).addMethod(route.method, integration, {
        authorizationType: AuthorizationType.NONE,
      });
      acknowledge(method, 'AwsSolutions-APIG4', NO_AUTHORIZER_REASON[route.access]);
      acknowledge(
        method,
        'AwsSolutions-COG4',
        `No Cognito user pool: staff accounts live in the stage's own staff table. ${NO_AUTHORIZER_REASON[route.access]}`,
      );
      // What the REST API would add for a method of its own: a changed method makes a new deployment of the stage.
      const cfnMethod = method.node.defaultChild as CfnMethod;
      deployment.addToLogicalId({
        method: this.resolve({
          group: id,
          path: route.path,
          httpMethod: cfnMethod.httpMethod,
          authorizationType: cfnMethod.authorizationType,
          integration: cfnMethod.integration,
        }),
      });
      // The REST API counts its methods (it refuses to synthesise with none); this one is its method, made here.
      props.restApi.methods.push(method);
      this.functions.set(route.name, fn);
      this.methods.set(route.name, method);
    }
    // Shared by the feature's routes, ten an alarm (../alarms.ts says why not one each).
    functionAlarms(
      this,
      props.alarmTopic,
      `api-${id.toLowerCase()}`,
      props.routes.map(({ route }) => ({
        fn: this.functions.get(route.name) as RouteFunction,
        about: routeKeyOf(route),
      })),
    );
    // The deployment snapshots the API's methods, so it waits for this stack's.
    deployment.node.addDependency(this.nestedStackResource ?? this);
  }

  /** The resource of a path: under the deepest path the main stack shares, the rest made here. */
  private resourceFor(path: string, sharedPaths: ReadonlyMap<string, IResource>): IResource {
    const shared = [...sharedPaths.keys()]
      .filter((prefix) => path === prefix || path.startsWith(`${prefix}/`))
      .sort((a, b) => b.length - a.length)[0];
    if (shared === undefined) return this.restApi.root.resourceForPath(path);
    let base = this.imported.get(shared);
    if (!base) {
      const owner = sharedPaths.get(shared);
      if (!owner) throw new Error(`No shared resource ${shared}`);
      base = Resource.fromResourceAttributes(this, `Shared${shared.replace(/[^A-Za-z0-9]/g, '')}`, {
        restApi: this.restApi,
        resourceId: owner.resourceId,
        path: shared,
      });
      this.imported.set(shared, base);
    }
    return base.resourceForPath(path.slice(shared.length + 1));
  }
}

/**
 * Every path prefix (`/api`, `/api/enquiry`, ..., or a whole path) under which routes of more than one group lie.
 * API Gateway lets one resource have a path under its parent, so such a resource is made once, in the main stack.
 */
export function pathsSharedByGroups(routes: readonly { path: string; group: string }[]): string[] {
  const groupsUnder = new Map<string, Set<string>>();
  for (const { path, group } of routes) {
    const segments = path.split('/').filter(Boolean);
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const prefix = `/${segments.slice(0, depth).join('/')}`;
      groupsUnder.set(prefix, (groupsUnder.get(prefix) ?? new Set()).add(group));
    }
  }
  return [...groupsUnder].filter(([, groups]) => groups.size > 1).map(([prefix]) => prefix);
}
