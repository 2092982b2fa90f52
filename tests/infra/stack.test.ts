/**
 * Template assertions on the synthesised stack (offline, local esbuild
 * bundling, one synthesis shared by the tests), and cdk-nag's AwsSolutions
 * pack over the whole app.
 */
import type { AccessPart } from '../../infra/permissions';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEPT_MAIL_TTL_MARGIN_MS,
  RETENTION,
  inboundRawExpiryDays,
  keptMailRetentionMs,
} from '../../shared/privacy/retention';
import { bundleLambdas } from '../../functions/bundling/bundling';
import { type SettingName, readSettings, settingNamesFor, settingNamesForRoute } from '../../functions/platform/config';
import { ORIGIN_VERIFY_HEADER as ORIGIN_VERIFY_REQUEST_HEADER } from '../../functions/platform/http/request';
import { SECRET_SETTINGS } from '../../functions/platform/secrets';
import { STAFF_PROFILE_ATTRIBUTES } from '../../functions/accounts/staff-profile';
import {
  imagePathFunctionCode,
  siteRewriteFunctionCode,
  viewerHostFunctionCode,
} from '../../infra/edge/cloudfront-functions';
import type { RouteFunction } from '../../infra/constructs/functions/route-function';
import {
  DIRECT_CALL_ALARM_PER_5_MINUTES,
  DIRECT_CALL_METRIC,
  DIRECT_CALL_REFUSAL,
  ORIGIN_VERIFY_HEADER,
} from '../../shared/origin-headers';
import { NO_SUCH_ROUTE } from '../../shared/api-error';
import { API_STAGE_NAME } from '../../infra/constructs/api/api';
import { API_THROTTLING } from '../../infra/limits';
import { acknowledgementsUnder } from '../../infra/nag';
import type { MedicalTourismStack } from '../../infra/stack';
import { SIGN_IN_DEVICE_COOKIE } from '../../shared/auth';
import { API_ROUTES, resourcesOf, type ApiRoute } from '../../shared/routes';
import { type Access, type BucketKey, SCHEDULED_JOBS, type ResourceUse } from '../../shared/resources';
import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '../../shared/security-headers';
import { ACCESS_LOG_COUNTED_PREFIX, TABLES, TABLE_KEYS, type TableKey } from '../../shared/tables';
import { INCOMING_IMAGE_EXPIRY_DAYS, INCOMING_IMAGE_PREFIX } from '../../shared/packages/uploads';
import {
  INLINE_SCRIPT,
  TEST_CONTEXT,
  allAllowedActions,
  declaredFunctions,
  deployedEnvironment,
  logicalId,
  partitionIn,
  permissionsOfRole,
  removeTemporaryDirs,
  render,
  stageTemplate,
  testApp,
  TRACING_PERMISSIONS,
} from './helpers';

let app: App;
let stack: MedicalTourismStack;
let template: Template;

beforeAll(() => {
  ({ app, stack } = testApp());
  template = stageTemplate(stack);
}, 300_000);

afterAll(removeTemporaryDirs);

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

const resourceOf = (id: string): Resource => {
  const resource = template.toJSON().Resources[id] as Resource | undefined;
  if (!resource) throw new Error(`No resource ${id}`);
  return resource;
};

const functionOf = (route: ApiRoute): RouteFunction => stack.api.functions[route.name];

/** What a send may name: the sender identity and the configuration set, as the template renders their ARNs. */
const sendingArns = () => [
  render(stack.resolve(stack.mail.identity.emailIdentityArn)),
  render(stack.resolve(stack.mail.configurationSetArn)),
];

function route(name: ApiRoute['name']): ApiRoute {
  const found = API_ROUTES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No route ${name}`);
  return found;
}

/**
 * What a function needs for what it uses, written out here on its own (not
 * taken from infra/permissions.ts), from the adapters' calls.
 */
const PROFILES_ONLY = JSON.stringify({
  'ForAllValues:StringEquals': { 'dynamodb:Attributes': STAFF_PROFILE_ATTRIBUTES },
  StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
});

const NEEDED = {
  tables: {
    read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
    write: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    append: ['dynamodb:PutItem'],
    // The access log's writers: a put outside the counted partitions, an update (the count's ADD) only inside them.
    log: [
      'dynamodb:PutItem if {"ForAllValues:StringNotLike":{"dynamodb:LeadingKeys":["counted#*"]}}',
      'dynamodb:UpdateItem if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["counted#*"]}}',
    ],
    update: ['dynamodb:UpdateItem'],
    delete: ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    // The staff accounts' profiles: a GetItem that names profile attributes only, and never the whole item.
    profile: [`dynamodb:GetItem if ${PROFILES_ONLY}`],
  },
  /** Paging through a table or its indexes: staff routes and jobs only. */
  list: ['dynamodb:Query'],
  objects: {
    read: ['s3:GetObject'],
    write: ['s3:PutObject', 's3:AbortMultipartUpload'],
    append: ['s3:PutObject'],
    log: [] as string[],
    update: [] as string[],
    delete: ['s3:DeleteObject'],
    profile: [] as string[],
  },
  bucket: {
    read: ['s3:ListBucket'],
    write: [] as string[],
    append: [] as string[],
    log: [] as string[],
    update: [] as string[],
    delete: [] as string[],
    profile: [] as string[],
  },
};
const parts = (access: Access): AccessPart[] =>
  access === 'readWrite'
    ? ['read', 'write']
    : access === 'full'
      ? ['read', 'write', 'delete']
      : access === 'readAppend'
        ? ['read', 'append']
        : access === 'readLog'
          ? ['read', 'log']
          : access === 'readUpdate'
            ? ['read', 'update']
            : access === 'readProfile'
              ? ['profile']
              : [access];

/** Where a function runs: API functions also read the origin-verify secret. */
type Kind = { listing: boolean; api: boolean };

function expectedPermissions(fn: RouteFunction, uses: ResourceUse, { listing, api }: Kind): Set<string> {
  const lines = new Set<string>();
  const logGroup = logicalId(fn.logGroup);
  lines.add(`logs:CreateLogStream <${logGroup}.Arn>`);
  lines.add(`logs:PutLogEvents <${logGroup}.Arn>`);
  // Every function traces (X-Ray active tracing): CDK's grant of the trace writes.
  for (const line of TRACING_PERMISSIONS) lines.add(line);
  for (const [key, access] of Object.entries(uses.tables ?? {}) as [TableKey, Access][]) {
    const table = `<${logicalId(stack.data.tables[key])}.Arn>`;
    // An action with a condition is written `action if {condition}`: the resource goes between them.
    for (const part of parts(access))
      for (const needed of NEEDED.tables[part]) lines.add(needed.replace(/^(\S+)/, `$1 ${table}`));
    if (listing && parts(access).includes('read')) {
      for (const action of NEEDED.list) {
        lines.add(`${action} ${table}`);
        for (const index of TABLES[key].globalIndexes) lines.add(`${action} ${table}/index/${index.name}`);
      }
    }
  }
  // One partition of a table a public route reads (one enquiry's thread): Query on the table alone, no index.
  for (const key of uses.partitionReads ?? []) lines.add(`dynamodb:Query <${logicalId(stack.data.tables[key])}.Arn>`);
  // A Scan of a tiny table: on the table alone, no index.
  // The staff table's Scan reads profiles only, as its GetItem does.
  for (const key of uses.scans ?? [])
    lines.add(
      `dynamodb:Scan <${logicalId(stack.data.tables[key])}.Arn>${key === 'staff' ? ` if ${PROFILES_ONLY}` : ''}`,
    );
  for (const [key, access] of Object.entries(uses.buckets ?? {}) as [BucketKey, Access][]) {
    const bucket = `<${logicalId(stack.data.buckets[key])}.Arn>`;
    // Under a prefix: the objects under it alone, and no bucket-level action (ListBucket names every key).
    const prefix = uses.objectPrefixes?.[key];
    for (const part of parts(access)) {
      for (const action of NEEDED.objects[part]) lines.add(`${action} ${bucket}/${prefix ?? ''}*`);
      if (prefix === undefined) for (const action of NEEDED.bucket[part]) lines.add(`${action} ${bucket}`);
    }
  }
  // An object's tags alone (the malware scan's result), under the prefix when there is one: never its bytes.
  for (const key of uses.objectTagReads ?? [])
    lines.add(`s3:GetObjectTagging <${logicalId(stack.data.buckets[key])}.Arn>/${uses.objectPrefixes?.[key] ?? ''}*`);
  if (uses.sendsMail) {
    // From the sender identity, through the configuration set that requires TLS: SES checks leave on both.
    for (const arn of sendingArns())
      lines.add(`ses:SendEmail ${arn} if {"StringEquals":{"ses:FromAddress":"${TEST_CONTEXT.mailFrom}"}}`);
  }
  // Background workers a route starts: InvokeFunction on each of them alone.
  for (const worker of uses.invokes ?? [])
    lines.add(`lambda:InvokeFunction <${logicalId(stack.workers.functions[worker])}.Arn>`);
  // Secrets are read at cold start by ARN: GetSecretValue on that secret, nothing else.
  if (uses.usesTokenSecret) lines.add(`secretsmanager:GetSecretValue <${logicalId(stack.tokenSecret)}>`);
  // Every mail to a visitor carries its enquiry's reply address; a receiver checks them.
  if (uses.sendsMail || uses.receivesMail)
    lines.add(`secretsmanager:GetSecretValue <${logicalId(stack.replyAddressSecret)}>`);
  if (api) lines.add(`secretsmanager:GetSecretValue <${logicalId(stack.originVerifySecret)}>`);
  // The translation engine: TranslateText and language detection name no resource; the stage's terminology by name.
  if (uses.translates) {
    const terminology = `arn:${partitionIn(stack)}:translate:${stack.region}:<AWS::AccountId>:terminology/${stack.stackName}-labels`;
    for (const line of ['comprehend:DetectDominantLanguage *', 'translate:TranslateText *']) lines.add(line);
    for (const action of ['GetTerminology', 'ImportTerminology'])
      for (const arn of [terminology, `${terminology}/*`]) lines.add(`translate:${action} ${arn}`);
  }
  // The TOTP key: Encrypt to seal a new secret, Decrypt to open one, on that key alone.
  if (uses.totpSecrets)
    lines.add(`kms:${uses.totpSecrets === 'seal' ? 'Encrypt' : 'Decrypt'} <${logicalId(stack.data.totpKey)}.Arn>`);
  return lines;
}

/**
 * The variables a function has for the settings config.ts reads: a secret
 * setting comes as `<NAME>_ARN` (read at cold start, functions/platform/secrets.ts),
 * and API functions also get the origin-verify secret's ARN.
 */
function expectedVariables(names: SettingName[], { api }: Pick<Kind, 'api'>): string[] {
  const secret = (name: string) => (SECRET_SETTINGS as readonly string[]).includes(name);
  return [
    ...names.map((name) => (secret(name) ? `${name}_ARN` : name)),
    ...(api ? ['ORIGIN_VERIFY_SECRET_ARN', 'REQUIRE_TWO_FACTOR'] : []),
    'NODE_OPTIONS',
    'LOG_LEVEL',
  ].sort();
}

const variablesOf = (fn: RouteFunction) =>
  (resourceOf(logicalId(fn)).Properties.Environment as { Variables: Record<string, unknown> }).Variables;

/** Every Lambda function of the template (the project's and the ones aws-cdk-lib adds). */
const allFunctions = () => Object.entries(template.findResources('AWS::Lambda::Function'));

const permissionsOf = (fn: RouteFunction) => permissionsOfRole(template, logicalId(fn.role!));

/** The path of an API Gateway resource, from its parents up to the API's root. */
function resourcePathOf(id: string): string {
  const properties = resourceOf(id).Properties as { ParentId: unknown; PathPart: string };
  const parent = render(properties.ParentId);
  const parentPath =
    parent === `<${logicalId(stack.api.restApi)}.RootResourceId>`
      ? ''
      : resourcePathOf(/^<(\w+)>$/.exec(parent)?.[1] ?? '');
  return `${parentPath}/${properties.PathPart}`;
}

describe('the API: one function per route of the route table', () => {
  it.each(API_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s has its own function',
    (_routeKey, route) => {
      const fn = functionOf(route);
      expect(fn.entryName).toBe(route.name);
      const methods = Object.values(
        template.findResources('AWS::ApiGateway::Method', { Properties: { HttpMethod: route.method } }),
      ).filter(
        (method) => resourcePathOf(/^<(\w+)>$/.exec(render(method.Properties.ResourceId))?.[1] ?? '') === route.path,
      );
      expect(methods).toHaveLength(1);
      // A Lambda proxy integration (payload format 1.0), answering within API Gateway's 29 s.
      expect(methods[0]?.Properties).toMatchObject({
        AuthorizationType: 'NONE',
        Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' },
      });
      const integration = methods[0]?.Properties.Integration as { Uri: unknown; TimeoutInMillis: number };
      expect(render(integration.Uri)).toContain(`<${logicalId(fn)}.Arn>`);
      expect(integration.TimeoutInMillis).toBeLessThanOrEqual(29_000);
      // API Gateway may invoke it for this method of the stage only (a path parameter is any one segment).
      const sourcePath = route.path.replace(/\{\w+\}/g, '*');
      const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).filter(
        (permission) => render(permission.Properties.FunctionName) === `<${logicalId(fn)}.Arn>`,
      );
      expect(permissions).toHaveLength(1);
      // The stage by its name: the route's nested stack cannot refer to the stage, deployed after its methods.
      expect(resourceOf(logicalId(stack.api.stage)).Properties.StageName).toBe(API_STAGE_NAME);
      expect(render(permissions[0]?.Properties.SourceArn)).toMatch(
        new RegExp(`/${API_STAGE_NAME}/${route.method}${sourcePath.replace(/[*.]/g, '\\$&')}$`),
      );
    },
  );

  it('gives every route a different function', () => {
    const ids = API_ROUTES.map((route) => logicalId(functionOf(route)));
    expect(new Set(ids).size).toBe(API_ROUTES.length);
  });

  it('runs every function on the current Node runtime, ARM64, with source maps, sized and timed, logging to its own group', () => {
    const functions = [
      ...API_ROUTES.map(functionOf),
      ...Object.values(stack.jobs.functions),
      ...Object.values(stack.workers.functions),
      ...Object.values(stack.streams.functions),
    ];
    for (const fn of functions) {
      const properties = resourceOf(logicalId(fn)).Properties;
      expect(properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
      expect(properties.MemorySize).toBeGreaterThanOrEqual(512);
      expect(properties.Timeout).toBeGreaterThan(3);
      expect((properties.Environment as { Variables: Record<string, string> }).Variables.NODE_OPTIONS).toBe(
        '--enable-source-maps',
      );
      expect(render((properties.LoggingConfig as { LogGroup: unknown }).LogGroup)).toBe(`<${logicalId(fn.logGroup)}>`);
      expect(resourceOf(logicalId(fn.logGroup)).Properties.RetentionInDays).toBe(30);
    }
    // API functions answer within API Gateway's 30 s.
    for (const route of API_ROUTES)
      expect(resourceOf(logicalId(functionOf(route))).Properties.Timeout).toBeLessThan(30);
  });

  it('deploys each function as functions/bundling/bundling.ts bundles it (the benchmarks and the budget test use the same), ESM with a source map, taking credentials from the environment only', async () => {
    const assembly = app.synth();
    const fresh = mkdtempSync(join(tmpdir(), 'infra-bundles-'));
    try {
      await bundleLambdas(fresh);
      for (const fn of [
        ...API_ROUTES.map(functionOf),
        ...Object.values(stack.jobs.functions),
        ...Object.values(stack.workers.functions),
        ...Object.values(stack.streams.functions),
      ]) {
        const key = render((resourceOf(logicalId(fn)).Properties.Code as { S3Key: unknown }).S3Key);
        const dir = join(assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
        expect(existsSync(join(dir, 'index.mjs.map')), `${fn.entryName} source map`).toBe(true);
        const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
        expect(code, fn.entryName).toBe(readFileSync(join(fresh, fn.entryName, 'index.mjs'), 'utf8'));
        expect(code).toContain('createRequire');
        // The function's own pinned SDK clients are in the bundle; nothing is loaded from the runtime's copy.
        expect(code).not.toMatch(/(from ?|import\()"@aws-sdk\//);
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 120_000);

  it('gives each function exactly the variables config.ts reads for its route', () => {
    for (const route of API_ROUTES) {
      expect(Object.keys(variablesOf(functionOf(route))).sort(), route.name).toEqual(
        expectedVariables(settingNamesForRoute(route), { api: true }),
      );
    }
    const job = SCHEDULED_JOBS[0];
    expect(Object.keys(variablesOf(stack.jobs.functions.retryMail)).sort()).toEqual(
      expectedVariables(settingNamesFor(job.uses), { api: false }),
    );
  });

  it('gives every function, jobs and workers too, an environment functions/platform/config.ts accepts once deployed; mails link to the distribution over https', () => {
    const distributionUrl = `https://<${logicalId(stack.site.distribution)}.DomainName>`;
    for (const { name, fn, uses } of declaredFunctions(stack)) {
      const environment = deployedEnvironment(template, fn);
      expect(() => readSettings(environment, settingNamesFor(uses)), name).not.toThrow();
      if (uses.sendsMail) expect(render(variablesOf(fn as RouteFunction)['SITE_URL']), name).toBe(distributionUrl);
      // Visitors answer to the reply addresses of the sender's domain's reply. subdomain (no inboundDomain in the context).
      if (uses.sendsMail) expect(environment['INBOUND_DOMAIN'], name).toBe('reply.example.com');
    }
    // The functions name the distribution, which names the API: Template.fromStack (beforeAll) refuses a template whose resources depend on each other in a circle.
  });

  it('lets only the routes that check or change a credential read whole staff accounts: every other function reads profiles, which hold none', () => {
    const wholeReaders = declaredFunctions(stack).filter(({ fn }) =>
      [...permissionsOfRole(template, logicalId((fn as RouteFunction).role!))].some(
        (line) => line === `dynamodb:GetItem <${logicalId(stack.data.tables.staff)}.Arn>`,
      ),
    );
    expect(wholeReaders.map(({ name }) => name).sort()).toEqual(
      [
        'login',
        'welcome',
        'enrolLink',
        'twoFactor',
        'startTwoFactor',
        'confirmTwoFactor',
        'changePassword',
        'invite',
        'changeAccount',
      ].sort(),
    );
    for (const credential of [
      'passwordHash',
      'invitationHash',
      'enrolmentHash',
      'totpSecretSealed',
      'totpSecret',
      'pendingTotpSecretSealed',
      'recoveryCodeHashes',
    ]) {
      expect(STAFF_PROFILE_ATTRIBUTES).not.toContain(credential);
    }
    // A staff route reads its caller's profile; the owner picker and the accounts page Scan profiles, as the condition allows.
    for (const name of ['view', 'owners', 'accounts', 'work', 'reply'] as const) {
      const lines = [...permissionsOf(functionOf(route(name)))].filter((line) =>
        line.includes(`<${logicalId(stack.data.tables.staff)}.Arn>`),
      );
      expect(lines.length, name).toBeGreaterThan(0);
      for (const line of lines) expect(line, name).toMatch(/dynamodb:Attributes/);
    }
  });

  it('names the token secret by ARN (TOKEN_SECRET_ARN) to the sign-in, link and staff routes and the mail retry only, and lets only them read it', () => {
    const secret = logicalId(stack.tokenSecret);
    const readers = API_ROUTES.filter((route) => resourcesOf(route).usesTokenSecret).map((route) => route.name);
    expect([...readers].sort()).toEqual(
      [
        'login',
        'welcome',
        'enrolLink',
        ...API_ROUTES.filter((route) => route.access === 'staff').map((route) => route.name),
      ].sort(),
    );
    for (const route of API_ROUTES) {
      const fn = functionOf(route);
      const variables = variablesOf(fn);
      const reads = [...permissionsOf(fn)].filter((line) => line.includes(`<${secret}>`));
      expect(variables.TOKEN_SECRET, route.name).toBeUndefined();
      if (readers.includes(route.name)) {
        expect(render(variables.TOKEN_SECRET_ARN), route.name).toBe(`<${secret}>`);
        expect(reads, route.name).toEqual([`secretsmanager:GetSecretValue <${secret}>`]);
      } else {
        expect(variables.TOKEN_SECRET_ARN, route.name).toBeUndefined();
        expect(reads, route.name).toEqual([]);
      }
    }
    // The public routes without staff auth, by name, so a change to the route table shows here.
    for (const name of ['amendBest', 'sendmail', 'visitorEnquiry', 'visitorMessage'] as const)
      expect(readers).not.toContain(name);
    // Nothing else in the stack may read it.
    const roles = Object.keys(template.findResources('AWS::IAM::Role'));
    // ... but the mail-retry job, which opens the sealed words of a one-time link that waited for a retry.
    const allowed = new Set([
      ...readers.map((name) => logicalId(stack.api.functions[name].role!)),
      logicalId(stack.jobs.functions.retryMail.role!),
    ]);
    for (const role of roles)
      if (!allowed.has(role))
        expect(
          [...permissionsOfRole(template, role)].filter((line) => line.includes(`<${secret}>`)),
          role,
        ).toEqual([]);
    expect(resourceOf(secret).Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
      ExcludePunctuation: true,
    });
  });

  it('raises an alarm on calls that got past the web ACL around CloudFront: the refusals the functions count, per this API', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter(
      (alarm) => alarm.Properties.MetricName === DIRECT_CALL_METRIC.name,
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.Properties).toMatchObject({
      Namespace: DIRECT_CALL_METRIC.namespace,
      Statistic: 'Sum',
      Period: 300,
      Threshold: DIRECT_CALL_ALARM_PER_5_MINUTES,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(render(alarms[0]?.Properties.Dimensions)).toBe(
      render([{ Name: DIRECT_CALL_METRIC.dimension, Value: stack.resolve(stack.api.restApi.restApiId) }]),
    );
  });

  it('gives every API function ORIGIN_VERIFY_SECRET_ARN and read access to that secret only', () => {
    const secret = logicalId(stack.originVerifySecret);
    for (const route of API_ROUTES) {
      const fn = functionOf(route);
      expect(render(variablesOf(fn).ORIGIN_VERIFY_SECRET_ARN), route.name).toBe(`<${secret}>`);
      expect(variablesOf(fn).ORIGIN_VERIFY_SECRET, route.name).toBeUndefined();
      const secretLines = [...permissionsOf(fn)].filter((line) => line.startsWith('secretsmanager:'));
      const expected = [`secretsmanager:GetSecretValue <${secret}>`];
      if (resourcesOf(route).usesTokenSecret)
        expected.push(`secretsmanager:GetSecretValue <${logicalId(stack.tokenSecret)}>`);
      if (resourcesOf(route).sendsMail)
        expected.push(`secretsmanager:GetSecretValue <${logicalId(stack.replyAddressSecret)}>`);
      expect(secretLines.sort(), route.name).toEqual(expected.sort());
    }
    // The mail-retry job takes no HTTP requests: it reads the token secret (to open a one-time link's sealed words) and the reply addresses' (the acknowledgements it retries).
    expect(variablesOf(stack.jobs.functions.retryMail).ORIGIN_VERIFY_SECRET_ARN).toBeUndefined();
    expect(
      [...permissionsOf(stack.jobs.functions.retryMail)].filter((line) => line.startsWith('secretsmanager:')).sort(),
    ).toEqual(
      [
        `secretsmanager:GetSecretValue <${logicalId(stack.tokenSecret)}>`,
        `secretsmanager:GetSecretValue <${logicalId(stack.replyAddressSecret)}>`,
      ].sort(),
    );
    expect(resourceOf(secret).Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 48,
      ExcludePunctuation: true,
      IncludeSpace: false,
    });
  });

  it('puts no secret value, nor a dynamic reference to one, into any function environment', () => {
    const functions = allFunctions();
    expect(functions.length).toBeGreaterThan(API_ROUTES.length);
    for (const [id, resource] of functions) {
      const environment = JSON.stringify(resource.Properties?.Environment ?? {});
      expect(environment, id).not.toContain('resolve:secretsmanager');
      expect(environment, id).not.toMatch(/"(TOKEN_SECRET|ORIGIN_VERIFY_SECRET)"/);
    }
  });

  it('throttles the stage and every route infra/limits.ts names far above real use (the per-visitor limits are at the edge), and logs access', () => {
    const stage = resourceOf(logicalId(stack.api.stage)).Properties as {
      StageName: string;
      MethodSettings: Record<string, unknown>[];
      AccessLogSetting: { Format: string };
    };
    expect(stage.StageName).toBe(API_STAGE_NAME);
    const throttled = API_ROUTES.filter((route) => API_THROTTLING.routes[route.name]);
    // The public write routes, by name, so a change to infra/limits.ts shows here.
    expect(throttled.map((route) => route.name).sort()).toEqual(['enrolLink', 'login', 'sendmail', 'welcome']);
    expect(stage.MethodSettings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ResourcePath: '/*',
          HttpMethod: '*',
          ThrottlingRateLimit: 200,
          ThrottlingBurstLimit: 400,
        }),
        ...throttled.map((route) =>
          expect.objectContaining({
            ResourcePath: route.path.replaceAll('/', '~1').replace(/^/, '/'),
            HttpMethod: route.method,
            ThrottlingRateLimit: API_THROTTLING.routes[route.name]?.rateLimit,
            ThrottlingBurstLimit: API_THROTTLING.routes[route.name]?.burstLimit,
          }),
        ),
      ]),
    );
    expect(stage.MethodSettings).toHaveLength(throttled.length + 1);
    expect(stage.MethodSettings).toContainEqual(
      expect.objectContaining({
        ResourcePath: '/~1api~1login',
        HttpMethod: 'POST',
        ThrottlingRateLimit: 10,
        ThrottlingBurstLimit: 20,
      }),
    );
    const format = JSON.parse(stage.AccessLogSetting.Format) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.httpMethod $context.resourcePath',
      wafResponseCode: '$context.wafResponseCode',
    });
  });

  it("keeps the execute-api endpoint (it is CloudFront's origin), regional, every body passed as bytes, and says in every method's cdk-nag reason that only CloudFront gets in", () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      DisableExecuteApiEndpoint: false,
      EndpointConfiguration: { Types: ['REGIONAL'] },
      BinaryMediaTypes: ['*/*'],
    });
    // No account-wide CloudWatch role for API Gateway: one setting per account and region is not a stage's to own.
    expect(Object.keys(template.findResources('AWS::ApiGateway::Account'))).toEqual([]);
    const reasons = acknowledgementsUnder(stack.api).filter(
      (acknowledgement) => acknowledgement.id === 'AwsSolutions-APIG4',
    );
    expect(reasons).toHaveLength(API_ROUTES.length);
    for (const { reason } of reasons)
      expect(reason).toContain(
        'regional AWS WAF web ACL blocks (403) every request without the X-Origin-Verify secret',
      );
  });

  it("answers a path or method that is no route 404 with the contract's body, not REST API's 403", () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
      ResponseTemplates: { 'application/json': JSON.stringify(NO_SUCH_ROUTE) },
    });
  });
});

describe("the API stage's regional web ACL: nothing reaches the API except through CloudFront", () => {
  const webAcl = () =>
    resourceOf(logicalId(stack.api.firewall.webAcl)).Properties as {
      Scope: string;
      DefaultAction: unknown;
      Rules: {
        Name: string;
        Priority: number;
        Action: unknown;
        Statement: { NotStatement: { Statement: { ByteMatchStatement: Record<string, unknown> } } };
        VisibilityConfig: { MetricName: string };
      }[];
      CustomResponseBodies: Record<string, { Content: string; ContentType: string }>;
      Name: string;
      VisibilityConfig: { MetricName: string };
    };

  it('is associated with the API stage', () => {
    const associations = Object.values(template.findResources('AWS::WAFv2::WebACLAssociation'));
    expect(associations).toHaveLength(1);
    expect(render(associations[0]?.Properties.WebACLArn)).toBe(`<${logicalId(stack.api.firewall.webAcl)}.Arn>`);
    expect(render(associations[0]?.Properties.ResourceArn)).toBe(
      `arn:${partitionIn(stack)}:apigateway:${stack.region}::/restapis/<${logicalId(stack.api.restApi)}>/stages/<${logicalId(stack.api.stage)}>`,
    );
    expect(webAcl().Scope).toBe('REGIONAL');
  });

  it("blocks (403, the functions' own body) every request whose X-Origin-Verify is not the secret, read from Secrets Manager", () => {
    const { Rules: rules, DefaultAction: defaultAction, CustomResponseBodies: bodies } = webAcl();
    // One rule, first: nothing is allowed before it looks, and what it lets through carries the secret.
    expect(rules).toHaveLength(1);
    const [rule] = rules;
    expect(rule?.Priority).toBe(0);
    expect(rule?.Action).toEqual({
      Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'direct-call' } },
    });
    expect(JSON.parse(bodies['direct-call']?.Content ?? '')).toEqual(DIRECT_CALL_REFUSAL);
    // NOT (the header is exactly the secret): a missing header, another value, a prefix or a longer value are all blocked.
    const match = rule?.Statement.NotStatement.Statement.ByteMatchStatement;
    expect(match).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: ORIGIN_VERIFY_REQUEST_HEADER } },
      PositionalConstraint: 'EXACTLY',
      TextTransformations: [{ Priority: 0, Type: 'NONE' }],
    });
    expect(render(match?.SearchString)).toBe(
      `{{resolve:secretsmanager:<${logicalId(stack.originVerifySecret)}>:SecretString:::}}`,
    );
    // Only requests with the secret get past the rule to the default action.
    expect(defaultAction).toEqual({ Allow: {} });
  });

  it("raises an alarm on a flood of blocked direct calls: the rule's BlockedRequests in this region", () => {
    const { Name: name, Rules: rules, VisibilityConfig: visibility } = webAcl();
    expect(visibility.MetricName).toBe(name);
    const alarms = Object.values(
      template.findResources('AWS::CloudWatch::Alarm', {
        Properties: { Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests' },
      }),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.Properties).toMatchObject({
      Statistic: 'Sum',
      Period: 300,
      Threshold: DIRECT_CALL_ALARM_PER_5_MINUTES,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(alarms[0]?.Properties.Dimensions).toEqual(
      expect.arrayContaining([
        { Name: 'WebACL', Value: name },
        { Name: 'Rule', Value: rules[0]?.VisibilityConfig.MetricName },
        { Name: 'Region', Value: stack.region },
      ]),
    );
    expect(alarms[0]?.Properties.Dimensions).toHaveLength(3);
  });
});

describe('IAM: each function may do exactly what its route needs', () => {
  it.each(API_ROUTES.map((route) => [route.name, route] as const))('%s', (_name, route) => {
    const fn = functionOf(route);
    expect(permissionsOf(fn)).toEqual(
      expectedPermissions(fn, resourcesOf(route), { listing: route.access === 'staff', api: true }),
    );
  });

  it('the mail-retry job: its tables and SES, and sending its failures to the queue', () => {
    const fn = stack.jobs.functions.retryMail;
    const expected = expectedPermissions(fn, SCHEDULED_JOBS[0].uses, { listing: true, api: false });
    // The failure destination: Lambda sends failed runs with the function's role.
    for (const action of ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'])
      expected.add(`${action} <${logicalId(stack.jobs.failures)}.Arn>`);
    expect(permissionsOf(fn)).toEqual(expected);
  });

  it("the staff download of a visitor's attachment reads the inbound bucket's attachments alone: GetObject and the scan's tag under attachments/, no raw message, no listing, no write", () => {
    const inbound = `<${logicalId(stack.data.buckets.inbound)}.Arn>`;
    const lines = [...permissionsOf(stack.api.functions.attachmentLink)].filter((line) => line.includes(inbound));
    expect(lines.sort()).toEqual([
      `s3:GetObject ${inbound}/attachments/*`,
      `s3:GetObjectTagging ${inbound}/attachments/*`,
    ]);
  });

  it("the thread reads the inbound bucket's attachments' tags alone (their scan results), never an object's bytes", () => {
    const inbound = `<${logicalId(stack.data.buckets.inbound)}.Arn>`;
    const lines = [...permissionsOf(stack.api.functions.thread)].filter((line) => line.includes(inbound));
    expect(lines).toEqual([`s3:GetObjectTagging ${inbound}/attachments/*`]);
  });

  it("the public send route cannot list enquiries nor touch the staff table or the token secret: its secret is the reply addresses'", () => {
    const fn = stack.api.functions.sendmail;
    const lines = [...permissionsOf(fn)];
    const enquiries = logicalId(stack.data.tables.enquiries);
    // The route table gives it enquiries readWrite for the idempotent resend, which reads one enquiry back by key.
    expect(resourcesOf(route('sendmail')).tables?.enquiries).toBe('readWrite');
    expect(lines.filter((line) => line.includes(enquiries)).sort()).toEqual(
      ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']
        .map((action) => `${action} <${enquiries}.Arn>`)
        .sort(),
    );
    expect(lines.filter((line) => line.startsWith('dynamodb:Query'))).toEqual([]);
    const staffTable = logicalId(stack.data.tables.staff);
    expect(lines.filter((line) => line.includes(staffTable))).toEqual([]);
    // Its secrets: the origin-verify one, and the one the acknowledgement's reply address is keyed from (by ARN, never in its configuration); never the staff tokens'.
    expect(lines.filter((line) => line.startsWith('secretsmanager:')).sort()).toEqual(
      [
        `secretsmanager:GetSecretValue <${logicalId(stack.originVerifySecret)}>`,
        `secretsmanager:GetSecretValue <${logicalId(stack.replyAddressSecret)}>`,
      ].sort(),
    );
    expect(variablesOf(fn).TOKEN_SECRET_ARN).toBeUndefined();
    const variables = variablesOf(fn);
    expect(variables.TABLE_STAFF).toBeUndefined();
    expect(variables.TOKEN_SECRET).toBeUndefined();
  });

  it("lets sign-in change an account's sign-in attributes only: it can neither make nor replace an account (no PutItem on the staff table)", () => {
    const staffTable = `<${logicalId(stack.data.tables.staff)}.Arn>`;
    const login = [...permissionsOf(functionOf(route('login')))].filter((line) => line.endsWith(staffTable));
    expect(login.sort()).toEqual([
      `dynamodb:BatchGetItem ${staffTable}`,
      `dynamodb:GetItem ${staffTable}`,
      `dynamodb:UpdateItem ${staffTable}`,
    ]);
  });

  it("no public route can list (Query) any table: the visitor page reads one enquiry's thread, a partition of the events table itself, and no index", () => {
    const events = `<${logicalId(stack.data.tables.enquiryEvents)}.Arn>`;
    const partitionReaders = ['visitorEnquiry', 'visitorMessage'];
    for (const route of API_ROUTES.filter((candidate) => candidate.access === 'public')) {
      const queries = [...permissionsOf(functionOf(route))].filter((line) => line.startsWith('dynamodb:Query'));
      expect(queries, route.name).toEqual(partitionReaders.includes(route.name) ? [`dynamodb:Query ${events}`] : []);
    }
    expect(API_ROUTES.filter((route) => route.uses.partitionReads).map((route) => route.name)).toEqual(
      partitionReaders,
    );
  });

  it('only the erasure route and the retention job may delete enquiry data, the tags route only tag-index items, the merging routes only the history lines and translations they move and tag-index items; nothing can use dynamodb:* or change a table', () => {
    const dynamo = allAllowedActions(template).filter((action) => action.startsWith('dynamodb:'));
    expect(dynamo.length).toBeGreaterThan(0);
    expect(dynamo.filter((action) => /\*|Restore|UpdateTable|UpdateTimeToLive|CreateBackup/.test(action))).toEqual([]);
    const deleters = new Set<string>();
    const arnOf = (key: TableKey) => `<${logicalId(stack.data.tables[key])}.Arn>`;
    // inboundMail: the mail kept apart from a visitor's address or about an erased enquiry goes with it; translations: with their originals.
    const erasable = (
      ['enquiries', 'enquiryEvents', 'outbox', 'submissions', 'enquiryTags', 'inboundMail', 'translations'] as const
    ).map(arnOf);
    const tagger = logicalId(functionOf(route('tags')).role!);
    // A merge, its undo and a split move history lines and their translations (each added where it goes, then deleted where it was) and tags.
    const mergers = (['mergeEnquiry', 'unmergeEnquiry', 'splitMessage'] as const).map((name) =>
      logicalId(functionOf(route(name)).role!),
    );
    for (const role of Object.keys(template.findResources('AWS::IAM::Role'))) {
      const deletes = [...permissionsOfRole(template, role)].filter((line) =>
        /^dynamodb:(DeleteItem|BatchWriteItem) /.test(line),
      );
      if (deletes.length === 0) continue;
      deleters.add(role);
      for (const line of deletes)
        expect(
          role === tagger
            ? [arnOf('enquiryTags')]
            : mergers.includes(role)
              ? [arnOf('enquiryEvents'), arnOf('enquiryTags'), arnOf('translations')]
              : erasable,
          line,
        ).toContain(line.split(' ')[1]);
    }
    expect([...deleters].sort()).toEqual(
      [
        logicalId(functionOf(route('subjectErase')).role!),
        logicalId(stack.jobs.functions.retention.role!),
        tagger,
        ...mergers,
      ].sort(),
    );
    expect(allAllowedActions(template).filter((action) => action === '*')).toEqual([]);
    // Secrets are only ever read: no writes, rotation, deletion or wildcards.
    expect(new Set(allAllowedActions(template).filter((action) => action.startsWith('secretsmanager:')))).toEqual(
      new Set(['secretsmanager:GetSecretValue']),
    );
  });

  it('lets only the enrolment start seal a TOTP secret (kms:Encrypt) and only sign-in and the enrolment confirmation open one (kms:Decrypt), on the TOTP key alone; no other KMS use', () => {
    const key = `<${logicalId(stack.data.totpKey)}.Arn>`;
    const users = new Map<string, string[]>();
    for (const role of Object.keys(template.findResources('AWS::IAM::Role'))) {
      const lines = [...permissionsOfRole(template, role)].filter((line) => line.startsWith('kms:'));
      if (lines.length > 0) users.set(role, lines);
    }
    const roleOf = (name: ApiRoute['name']) => logicalId(functionOf(route(name)).role!);
    expect(Object.fromEntries(users)).toEqual({
      [roleOf('startTwoFactor')]: [`kms:Encrypt ${key}`],
      [roleOf('login')]: [`kms:Decrypt ${key}`],
      [roleOf('confirmTwoFactor')]: [`kms:Decrypt ${key}`],
    });
    // The key's ARN goes to those three alone.
    const holders = API_ROUTES.filter((candidate) => variablesOf(functionOf(candidate)).TOTP_KEY_ID !== undefined).map(
      (candidate) => candidate.name,
    );
    expect(holders.sort()).toEqual(['confirmTwoFactor', 'login', 'startTwoFactor']);
  });

  it('makes the TOTP key a customer-managed symmetric key with yearly rotation, kept when the stack goes, under an alias', () => {
    const keys = template.findResources('AWS::KMS::Key');
    expect(Object.keys(keys)).toEqual([logicalId(stack.data.totpKey)]);
    const [key] = Object.values(keys);
    expect(key?.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(key?.Properties?.KeySpec ?? 'SYMMETRIC_DEFAULT').toBe('SYMMETRIC_DEFAULT');
    expect(key?.DeletionPolicy).toBe('Retain');
    expect(key?.UpdateReplacePolicy).toBe('Retain');
    template.hasResourceProperties('AWS::KMS::Alias', {
      AliasName: Match.stringLikeRegexp('/totp-secrets$'),
      TargetKeyId: Match.anyValue(),
    });
  });

  it('lets only the accounts page (list, last-admin check) and the owner picker Scan, and only the staff table itself', () => {
    const staffTable = `<${logicalId(stack.data.tables.staff)}.Arn>`;
    const scanners = new Map<string, string[]>();
    for (const role of Object.keys(template.findResources('AWS::IAM::Role'))) {
      const scans = [...permissionsOfRole(template, role)].filter((line) => line.startsWith('dynamodb:Scan'));
      if (scans.length > 0) scanners.set(role, scans);
    }
    const expected = ['owners', 'accounts', 'changeAccount'] as const;
    expect([...scanners.keys()].sort()).toEqual(
      expected.map((name) => logicalId(stack.api.functions[name].role!)).sort(),
    );
    // Of profiles alone: the Scan must name profile attributes, as the adapter's list does.
    for (const scans of scanners.values()) expect(scans).toEqual([`dynamodb:Scan ${staffTable} if ${PROFILES_ONLY}`]);
    expect(API_ROUTES.filter((route) => route.uses.scans).map((route) => route.name)).toEqual([...expected]);
  });

  it('only sends mail from the sender identity', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: TEST_CONTEXT.mailFrom });
    const senders = API_ROUTES.filter((route) => resourcesOf(route).sendsMail).map((route) => route.name);
    expect(senders).toEqual([
      'sendmail',
      'login',
      'markGenuine',
      'reply',
      'visitorMessage',
      'replaceVisitorLink',
      'attachKeptMail',
      'invite',
      'changeAccount',
      'confirmTwoFactor',
    ]);
    for (const route of API_ROUTES) {
      const mail = [...permissionsOf(functionOf(route))].filter((line) => line.startsWith('ses:'));
      expect(mail).toHaveLength(senders.includes(route.name) ? sendingArns().length : 0);
    }
  });

  it('lets every SES send in the stack name only the configured sender as From (ses:FromAddress)', () => {
    const sends: { Action: unknown; Resource: unknown; Condition?: unknown }[] = [];
    for (const policy of Object.values(template.findResources('AWS::IAM::Policy'))) {
      for (const statement of policy.Properties.PolicyDocument.Statement as {
        Effect: string;
        Action: string | string[];
        Resource: unknown;
        Condition?: unknown;
      }[]) {
        const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
        if (statement.Effect === 'Allow' && actions.some((action) => action.startsWith('ses:'))) sends.push(statement);
      }
    }
    // The enquiry route, suspected spam marked genuine (a new enquiry's mails), the reply route, the visitor's message (its owner's notice), the visitor-link route, the mail-retry job, the mail receiver and the kept mail box's attach (the owner's notice of a mailed answer),
    // the translation job (the staff notices waiting for its translations), and the routes that mail a staff account (sign-in's enrolment link and notices, invitation, two-factor reset and turned on).
    expect(sends).toHaveLength(13);
    for (const statement of sends) {
      expect(statement.Action).toBe('ses:SendEmail');
      expect((statement.Resource as unknown[]).map(render).sort()).toEqual([...sendingArns()].sort());
      expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': TEST_CONTEXT.mailFrom } });
    }
  });

  it('keeps template versions write-once: only a save and a restore add them (PutItem), nobody updates or deletes one', () => {
    const versions = `<${logicalId(stack.data.tables.replyTemplateVersions)}.Arn>`;
    const writers: string[] = [];
    for (const role of Object.keys(template.findResources('AWS::IAM::Role'))) {
      const lines = [...permissionsOfRole(template, role)].filter(
        (line) => line.includes(versions) && !/^dynamodb:(GetItem|BatchGetItem|Query) /.test(line),
      );
      if (lines.length === 0) continue;
      writers.push(role);
      expect(lines, role).toEqual([`dynamodb:PutItem ${versions}`]);
    }
    expect(writers.sort()).toEqual(
      [route('saveTemplate'), route('restoreTemplate')].map((entry) => logicalId(functionOf(entry).role!)).sort(),
    );
  });

  it('keeps the access log write-once: whoever writes it may only add rows outside the counted partitions and count inside them, never delete', () => {
    const accessLog = `<${logicalId(stack.data.tables.accessLog)}.Arn>`;
    const writers = new Set<string>();
    for (const role of Object.keys(template.findResources('AWS::IAM::Role'))) {
      const lines = [...permissionsOfRole(template, role)].filter((line) => line.includes(accessLog));
      if (lines.length === 0) continue;
      writers.add(role);
      // Adding rows and counting refusals, and for the admins' access-log routes reading; never changing a row or removing one.
      expect(
        lines.filter((line) => !/^dynamodb:(GetItem|BatchGetItem|Query) /.test(line)),
        role,
      ).toEqual([
        `dynamodb:PutItem ${accessLog} if {"ForAllValues:StringNotLike":{"dynamodb:LeadingKeys":["${ACCESS_LOG_COUNTED_PREFIX}*"]}}`,
        `dynamodb:UpdateItem ${accessLog} if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["${ACCESS_LOG_COUNTED_PREFIX}*"]}}`,
      ]);
    }
    const readers = API_ROUTES.filter((route) => route.uses.tables?.accessLog === 'read').map((route) => route.name);
    expect(readers).toEqual(['accessLog', 'accessLogCsv']);
    // Sign-in and every staff route log; no other function touches the log.
    const expected = API_ROUTES.filter((route) => resourcesOf(route).tables?.accessLog).map((route) =>
      logicalId(functionOf(route).role!),
    );
    expect(
      API_ROUTES.filter((route) => resourcesOf(route).tables?.accessLog)
        .map((route) => route.name)
        .sort(),
    ).toEqual(
      [
        'login',
        'welcome',
        'enrolLink',
        ...API_ROUTES.filter((route) => route.access === 'staff').map((route) => route.name),
      ].sort(),
    );
    expect([...writers].sort()).toEqual(expected.sort());
    // Nor does any grant reach it through a wildcard resource (but ListStreams, which IAM takes only on '*', for the stream's copy).
    const streamReader = logicalId(stack.streams.functions.accessLogCopy.role!);
    for (const role of Object.keys(template.findResources('AWS::IAM::Role'))) {
      const wild = [...permissionsOfRole(template, role)].filter(
        (line) => line.startsWith('dynamodb:') && / \*( |$)/.test(line),
      );
      expect(wild, role).toEqual(role === streamReader ? ['dynamodb:ListStreams *'] : []);
    }
  });
});

describe('data', () => {
  it('makes every table of shared/tables.ts, on demand, with point-in-time recovery, keys, indexes and TTL', () => {
    for (const key of TABLE_KEYS) {
      const definition = TABLES[key];
      const properties = resourceOf(logicalId(stack.data.tables[key])).Properties;
      expect(properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(properties.PointInTimeRecoverySpecification).toEqual({
        PointInTimeRecoveryEnabled: true,
        RecoveryPeriodInDays: RETENTION.backupDays,
      });
      expect(properties.TableName).toBeUndefined();
      expect(properties.KeySchema).toEqual([
        { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
        ...('sortKey' in definition ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
      ]);
      const indexes = (properties.GlobalSecondaryIndexes ?? []) as {
        IndexName: string;
        Projection: { ProjectionType: string };
      }[];
      expect(indexes.map((index) => index.IndexName)).toEqual(definition.globalIndexes.map((index) => index.name));
      if ('ttlAttribute' in definition)
        expect(properties.TimeToLiveSpecification).toEqual({ AttributeName: definition.ttlAttribute, Enabled: true });
      else expect(properties.TimeToLiveSpecification).toBeUndefined();
    }
  });

  it('finds the mail kept apart by its sender and by the enquiry it is about (the rights of access and erasure, retention), never by a Scan', () => {
    const indexes = resourceOf(logicalId(stack.data.tables.inboundMail)).Properties.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: unknown;
      Projection: unknown;
    }[];
    expect(indexes.find((index) => index.IndexName === 'bySender')).toMatchObject({
      KeySchema: [
        { AttributeName: 'from', KeyType: 'HASH' },
        { AttributeName: 'receivedAt', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    });
    expect(indexes.find((index) => index.IndexName === 'byEnquiry')).toMatchObject({
      KeySchema: [
        { AttributeName: 'enquiryIndex', KeyType: 'HASH' },
        { AttributeName: 'receivedAt', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['rawKey'] },
    });
  });

  it('lets a non-production stage be deleted with its tables', () => {
    for (const key of TABLE_KEYS) {
      const table = resourceOf(logicalId(stack.data.tables[key]));
      expect(table.DeletionPolicy).toBe('Delete');
      expect(table.Properties.DeletionProtectionEnabled).toBe(false);
    }
  });

  it('blocks public access, encrypts, logs and enforces SSL on every bucket', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    // The CDN's and buckets' logs, the images, the exports, the received mail, the access log's copy.
    expect(Object.keys(buckets)).toHaveLength(6);
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      expect(bucket.Properties.BucketName).toBeUndefined();
      if (id !== logicalId(stack.data.accessLogs)) {
        expect(
          render(
            bucket.Properties.LoggingConfiguration &&
              (bucket.Properties.LoggingConfiguration as { DestinationBucketName: unknown }).DestinationBucketName,
          ),
        ).toBe(`<${logicalId(stack.data.accessLogs)}>`);
      }
      const policy = policies.find((candidate) => render(candidate.Properties.Bucket) === `<${id}>`);
      expect(policy, `${id} has a bucket policy`).toBeDefined();
      expect(policy?.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      );
    }
  });

  it('lets the site origin preflight and POST browser uploads to the images bucket', () => {
    const images = resourceOf(logicalId(stack.data.buckets.images));
    expect(images.Properties.CorsConfiguration).toEqual({
      CorsRules: [expect.objectContaining({ AllowedMethods: ['POST'], AllowedOrigins: ['https://*.cloudfront.net'] })],
    });
  });

  it('expires unchecked uploads under incoming/ and their unfinished multipart uploads, and keeps the other images', () => {
    const images = resourceOf(logicalId(stack.data.buckets.images));
    const rules = (images.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: INCOMING_IMAGE_PREFIX,
        ExpirationInDays: INCOMING_IMAGE_EXPIRY_DAYS,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: INCOMING_IMAGE_EXPIRY_DAYS },
        Status: 'Enabled',
      }),
    );
    // Nothing else in the bucket expires: the public images stay.
    for (const rule of rules.filter((candidate) => candidate.ExpirationInDays !== undefined))
      expect(rule.Prefix).toBe(INCOMING_IMAGE_PREFIX);
  });

  it('expires exports within a day', () => {
    const exports = resourceOf(logicalId(stack.data.buckets.exports));
    expect((exports.Properties.LifecycleConfiguration as { Rules: unknown[] }).Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' }),
    ]);
  });

  it("expires the inbound bucket's raw messages only after the longest a kept item names one, and never an attachment (it goes with its enquiry)", () => {
    const inbound = resourceOf(logicalId(stack.data.buckets.inbound));
    expect((inbound.Properties.LifecycleConfiguration as { Rules: unknown[] }).Rules).toEqual([
      { Id: 'ExpireRawMessages', Prefix: 'raw/', ExpirationInDays: inboundRawExpiryDays(), Status: 'Enabled' },
    ]);
    expect(inboundRawExpiryDays() * 86_400_000).toBeGreaterThan(
      keptMailRetentionMs('unmatched') + KEPT_MAIL_TTL_MARGIN_MS,
    );
  });
});

describe('hosting', () => {
  const distribution = () =>
    Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties.DistributionConfig as Record<
      string,
      unknown
    >;

  it("maps only 404 to the site's 404 page, so an API 403 keeps its status and body", () => {
    expect(distribution().CustomErrorResponses).toEqual([
      { ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/404.html', ErrorCachingMinTTL: 60 },
    ]);
    // The origins may list their buckets, which is what makes S3 answer a missing object 404 rather than 403.
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy')).map((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument),
    );
    expect(
      policies.filter((policy) => policy.includes('cloudfront.amazonaws.com') && policy.includes('s3:ListBucket')),
    ).toHaveLength(2);
  });

  it('runs the compiled shared rewrite as the site viewer-request function', () => {
    const code = siteRewriteFunctionCode();
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: code,
      FunctionConfig: { Runtime: 'cloudfront-js-2.0', Comment: Match.anyValue() },
    });
    expect(code).toContain('function rewritePath(path)');
    const defaultBehavior = distribution().DefaultCacheBehavior as {
      FunctionAssociations: { EventType: string; FunctionARN: unknown }[];
    };
    expect(defaultBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [logicalId(stack.site.rewriteFunction), 'FunctionARN'] },
      },
    ]);
  });

  it('routes /_astro/*, /image/*, /api/amendBest and /api/* with their cache policies, in that order', () => {
    const behaviors = distribution().CacheBehaviors as Record<string, unknown>[];
    expect(behaviors.map((behavior) => behavior.PathPattern)).toEqual([
      '/_astro/*',
      '/image/*',
      '/api/amendBest',
      '/api/*',
    ]);
    const cachingOptimized = '658327ea-f89d-4fab-a63d-7e88639e58f6';
    expect(behaviors[0]?.CachePolicyId).toBe(cachingOptimized);
    expect(behaviors[1]?.CachePolicyId).toBe(cachingOptimized);
    const policy = (behavior: Record<string, unknown> | undefined) =>
      resourceOf(render(behavior?.CachePolicyId).slice(1, -1)).Properties.CachePolicyConfig as Record<string, unknown>;
    expect(policy(behaviors[2])).toMatchObject({ DefaultTTL: 60, MaxTTL: 60 });
    expect(policy(behaviors[3])).toMatchObject({ DefaultTTL: 0, MinTTL: 0, MaxTTL: 1 });
    expect(behaviors[3]?.AllowedMethods).toContain('POST');
    for (const behavior of behaviors) expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  type OriginRequestConfig = {
    HeadersConfig: { HeaderBehavior: string; Headers: string[] };
    CookiesConfig: { CookieBehavior: string; Cookies?: string[] };
    QueryStringsConfig: { QueryStringBehavior: string };
  };
  const originRequestOf = (pathPattern: string): OriginRequestConfig => {
    const behavior = (distribution().CacheBehaviors as Record<string, unknown>[]).find(
      (candidate) => candidate.PathPattern === pathPattern,
    );
    return resourceOf(render(behavior?.OriginRequestPolicyId).slice(1, -1)).Properties
      .OriginRequestPolicyConfig as OriginRequestConfig;
  };

  it('forwards to the API what it reads: the site-check headers, the viewer host and address, Content-Type, the sign-in device cookie alone; never Host', () => {
    const config = originRequestOf('/api/*');
    expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect(config.HeadersConfig.Headers).toEqual(
      expect.arrayContaining([
        'Origin',
        'Sec-Fetch-Site',
        'X-Viewer-Host',
        'Content-Type',
        'CloudFront-Viewer-Address',
      ]),
    );
    expect(config.HeadersConfig.Headers.map((header) => header.toLowerCase())).not.toContain('host');
    expect(config.CookiesConfig).toEqual({ CookieBehavior: 'whitelist', Cookies: [SIGN_IN_DEVICE_COOKIE] });
    expect(config.QueryStringsConfig.QueryStringBehavior).toBe('all');
  });

  it('forwards to the cached GET /api/amendBest only the viewer host and address (no cookies, no query)', () => {
    const config = originRequestOf('/api/amendBest');
    expect(config.HeadersConfig).toEqual({
      HeaderBehavior: 'whitelist',
      Headers: ['X-Viewer-Host', 'CloudFront-Viewer-Address'],
    });
    expect(config.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(config.QueryStringsConfig.QueryStringBehavior).toBe('none');
  });

  it('runs the viewer-host function on both API behaviours, and the shared image rule on /image/*', () => {
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: viewerHostFunctionCode(),
      FunctionConfig: { Runtime: 'cloudfront-js-2.0', Comment: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: imagePathFunctionCode(),
      FunctionConfig: { Runtime: 'cloudfront-js-2.0', Comment: Match.anyValue() },
    });
    const behaviors = distribution().CacheBehaviors as {
      PathPattern: string;
      FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
    }[];
    const association = (fn: IConstruct) => [
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [logicalId(fn), 'FunctionARN'] } },
    ];
    for (const pattern of ['/api/amendBest', '/api/*']) {
      expect(behaviors.find((behavior) => behavior.PathPattern === pattern)?.FunctionAssociations, pattern).toEqual(
        association(stack.site.viewerHostFunction),
      );
    }
    expect(behaviors.find((behavior) => behavior.PathPattern === '/image/*')?.FunctionAssociations).toEqual(
      association(stack.site.imagePathFunction),
    );
  });

  it("adds X-Origin-Verify to every API request, from the origin-verify secret as a dynamic reference, and calls the API's stage", () => {
    expect(ORIGIN_VERIFY_HEADER.toLowerCase()).toBe(ORIGIN_VERIFY_REQUEST_HEADER);
    const config = distribution();
    const origins = config.Origins as {
      Id: string;
      DomainName: unknown;
      OriginPath?: string;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    const apiOrigins = origins.filter((origin) => render(origin.DomainName).includes('execute-api'));
    expect(apiOrigins).toHaveLength(1);
    // The REST API's own endpoint, its stage first in the path: /api/login goes to /live/api/login.
    expect(render(apiOrigins[0]?.DomainName)).toBe(
      `<${logicalId(stack.api.restApi)}>.execute-api.${stack.region}.<AWS::URLSuffix>`,
    );
    expect(apiOrigins[0]?.OriginPath).toBe(`/${API_STAGE_NAME}`);
    expect(
      apiOrigins[0]?.OriginCustomHeaders?.map((header) => ({
        name: header.HeaderName,
        value: render(header.HeaderValue),
      })),
    ).toEqual([
      {
        name: 'X-Origin-Verify',
        value: `{{resolve:secretsmanager:<${logicalId(stack.originVerifySecret)}>:SecretString:::}}`,
      },
    ]);
    // Both API behaviours (/api/amendBest and /api/*) go to that origin; no other origin gets the header.
    const apiBehaviors = (config.CacheBehaviors as { PathPattern: string; TargetOriginId: string }[]).filter(
      (behavior) => behavior.PathPattern.startsWith('/api/'),
    );
    expect(apiBehaviors.map((behavior) => behavior.PathPattern)).toEqual(['/api/amendBest', '/api/*']);
    for (const behavior of apiBehaviors) expect(behavior.TargetOriginId).toBe(apiOrigins[0]?.Id);
    for (const origin of origins.filter((candidate) => candidate !== apiOrigins[0]))
      expect(origin.OriginCustomHeaders ?? []).toEqual([]);
    // The value stays out of the template: the only secret references in it are this header's and the API web ACL's
    // rule's (the same reference, checked with the web ACL), so the two always compare the same value.
    expect(JSON.stringify(template.toJSON()).match(/resolve:secretsmanager/g)).toHaveLength(2);
  });

  it('serves both buckets through origin access control, the site bucket private', () => {
    const origins = distribution().Origins as {
      DomainName: unknown;
      OriginAccessControlId?: unknown;
      S3OriginConfig?: { OriginAccessIdentity: string };
    }[];
    const s3Origins = origins.filter((origin) => origin.S3OriginConfig);
    expect(s3Origins.map((origin) => render(origin.DomainName)).sort()).toEqual(
      [
        `<${logicalId(stack.site.bucket)}.RegionalDomainName>`,
        `<${logicalId(stack.data.buckets.images)}.RegionalDomainName>`,
      ].sort(),
    );
    for (const origin of s3Origins) {
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(origin.S3OriginConfig?.OriginAccessIdentity).toBe('');
    }
    expect(distribution().Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });

  const responseHeadersOf = (policy: IConstruct) =>
    resourceOf(logicalId(policy)).Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
      RemoveHeadersConfig: { Items: { Header: string }[] };
    };

  it('sets the shared security headers on pages and API answers alike, from shared/security-headers.ts', () => {
    const maxAge = Number(/max-age=(\d+)/.exec(STRICT_TRANSPORT_SECURITY)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    for (const policy of [stack.site.responseHeaders, stack.site.apiResponseHeaders]) {
      const config = responseHeadersOf(policy);
      expect(config.SecurityHeadersConfig).toMatchObject({
        StrictTransportSecurity: {
          AccessControlMaxAgeSec: maxAge,
          IncludeSubdomains: /includeSubDomains/i.test(STRICT_TRANSPORT_SECURITY),
          Preload: /preload/i.test(STRICT_TRANSPORT_SECURITY),
          Override: true,
        },
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: COMMON_SECURITY_HEADERS['X-Frame-Options'], Override: true },
        ReferrerPolicy: { ReferrerPolicy: COMMON_SECURITY_HEADERS['Referrer-Policy'], Override: true },
      });
      expect(COMMON_SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
      // Every other common header, as a custom header with the shared value.
      const custom = Object.fromEntries(config.CustomHeadersConfig.Items.map((item) => [item.Header, item.Value]));
      const others = Object.entries(COMMON_SECURITY_HEADERS).filter(
        ([header]) => !['X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy'].includes(header),
      );
      expect(custom).toEqual(Object.fromEntries(others));
      expect(Object.keys(custom)).toEqual(expect.arrayContaining(['Permissions-Policy', 'Cross-Origin-Opener-Policy']));
      for (const item of config.CustomHeadersConfig.Items) expect(item.Override).toBe(true);
      expect(config.RemoveHeadersConfig.Items).toEqual([{ Header: 'Server' }]);
    }
  });

  it('gives pages the page CSP (inline blocks by hash, upgrade-insecure-requests) and API answers the API CSP', () => {
    const csp = render(
      responseHeadersOf(stack.site.responseHeaders).SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy,
    );
    const scriptHash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${scriptHash};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://player.vimeo.com;');
    expect(csp).toContain(`connect-src 'self' https://<${logicalId(stack.data.buckets.images)}.RegionalDomainName>;`);
    expect(csp.endsWith('upgrade-insecure-requests')).toBe(true);
    expect(csp).not.toContain('unsafe-inline');
    expect(responseHeadersOf(stack.site.apiResponseHeaders).SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: API_CONTENT_SECURITY_POLICY,
      Override: true,
    });

    const behaviors = [distribution().DefaultCacheBehavior, ...(distribution().CacheBehaviors as unknown[])] as {
      PathPattern?: string;
      ResponseHeadersPolicyId: unknown;
    }[];
    for (const behavior of behaviors) {
      const expected = behavior.PathPattern?.startsWith('/api/')
        ? stack.site.apiResponseHeaders
        : stack.site.responseHeaders;
      expect(render(behavior.ResponseHeadersPolicyId), behavior.PathPattern ?? 'default').toBe(
        `<${logicalId(expected)}>`,
      );
    }
  });

  it('keeps every CloudFront comment within the 128 characters CloudFront takes', () => {
    const comments: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'Comment' && typeof inner === 'string') comments.push(inner);
          else collect(inner);
        }
      }
    };
    for (const resource of Object.values(template.toJSON().Resources as Record<string, Resource>))
      if (resource.Type.startsWith('AWS::CloudFront::')) collect(resource.Properties);
    expect(comments.length).toBeGreaterThan(5);
    for (const comment of comments) expect(comment.length, comment).toBeLessThanOrEqual(128);
  });

  it('deploys the built site, assets before pages, and invalidates', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const pages = deployments.find((deployment) => deployment.Properties.DistributionPaths);
    expect(pages?.Properties).toMatchObject({ DistributionPaths: ['/*'], Prune: true, Exclude: ['_astro/*'] });
    const assets = deployments.find((deployment) => deployment.Properties.DestinationBucketKeyPrefix === '_astro/');
    expect(assets?.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });
});

describe('scheduled mail retry', () => {
  it('runs every minute with a failure queue for both the schedule and the function', () => {
    const fn = stack.jobs.functions.retryMail;
    const queue = logicalId(stack.jobs.failures);
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
      Target: {
        Arn: { 'Fn::GetAtt': [logicalId(fn), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queue, 'Arn'] } },
      },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalId(fn) },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
  });
});

describe('mail over TLS, with bounces and complaints published', () => {
  const configurationSet = () => logicalId(stack.mail.configurationSet);

  it("sends through a configuration set that requires TLS, also the sender identity's default", () => {
    expect(resourceOf(configurationSet()).Type).toBe('AWS::SES::ConfigurationSet');
    expect(resourceOf(configurationSet()).Properties.DeliveryOptions).toEqual({ TlsPolicy: 'REQUIRE' });
    expect(template.findResources('AWS::SES::ConfigurationSet')).toEqual({ [configurationSet()]: expect.anything() });
    expect(render(resourceOf(logicalId(stack.mail.identity)).Properties.ConfigurationSetAttributes)).toBe(
      JSON.stringify({ ConfigurationSetName: { Ref: configurationSet() } }),
    );
  });

  it('gives every function that sends mail the set in MAIL_CONFIGURATION_SET, and no other function', () => {
    const functions = declaredFunctions(stack);
    expect(functions.filter(({ uses }) => uses.sendsMail).map(({ name }) => name)).toEqual(
      expect.arrayContaining(['sendmail', 'reply', 'invite', 'retryMail']),
    );
    for (const { name, fn, uses } of functions) {
      const value = deployedEnvironment(template, fn)['MAIL_CONFIGURATION_SET'];
      if (uses.sendsMail)
        expect(render(variablesOf(fn as RouteFunction)['MAIL_CONFIGURATION_SET']), name).toBe(
          `<${configurationSet()}>`,
        );
      else expect(value, name).toBeUndefined();
    }
  });

  it('publishes bounces and complaints, and nothing else, to the default EventBridge bus', () => {
    const destinations = Object.values(template.findResources('AWS::SES::ConfigurationSetEventDestination'));
    expect(destinations).toHaveLength(1);
    const { ConfigurationSetName, EventDestination } = destinations[0]?.Properties as {
      ConfigurationSetName: unknown;
      EventDestination: Record<string, unknown>;
    };
    expect(render(ConfigurationSetName)).toBe(`<${configurationSet()}>`);
    expect(EventDestination).toMatchObject({ Enabled: true, MatchingEventTypes: ['bounce', 'complaint'] });
    expect(render(EventDestination['EventBridgeDestination'])).toMatch(/^\{"EventBusArn":.*event-bus\/default/);
  });

  it("keeps this stage's bounces and complaints in an encrypted queue with an alarm on its depth", () => {
    const queue = logicalId(stack.mail.problems);
    const rule = resourceOf(logicalId(stack.mail.problemsRule)).Properties;
    expect(rule.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Bounced', 'Email Complaint Received'],
      detail: { mail: { tags: { 'ses:configuration-set': [{ Ref: configurationSet() }] } } },
    });
    expect(rule.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [queue, 'Arn'] } })]);
    expect(resourceOf(queue).Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 60 * 60,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    // Only EventBridge, for this rule, may send to it.
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy')).filter(
      (policy) => render(policy.Properties.Queues) === `<${queue}>`,
    );
    const allows = policies.flatMap((policy) =>
      (
        policy.Properties.PolicyDocument.Statement as { Effect: string; Principal: unknown; Condition?: unknown }[]
      ).filter((statement) => statement.Effect === 'Allow'),
    );
    expect(allows).toEqual([
      expect.objectContaining({
        Principal: { Service: 'events.amazonaws.com' },
        Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [logicalId(stack.mail.problemsRule), 'Arn'] } } },
      }),
    ]);
  });
});

describe('stage', () => {
  it('names nothing by hand, so stages share an account', () => {
    const nameProperties: Record<string, string> = {
      'AWS::Lambda::Function': 'FunctionName',
      'AWS::IAM::Role': 'RoleName',
      'AWS::SQS::Queue': 'QueueName',
      'AWS::Logs::LogGroup': 'LogGroupName',
      'AWS::SecretsManager::Secret': 'Name',
      'AWS::Scheduler::Schedule': 'Name',
    };
    for (const [type, property] of Object.entries(nameProperties)) {
      for (const resource of Object.values(template.findResources(type)))
        expect(resource.Properties?.[property], `${type}.${property}`).toBeUndefined();
    }
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: `MedicalTourism-${TEST_CONTEXT.stage}-api` });
  });

  it('outputs the site URL, the API URL and every table name', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(render(outputs.SiteUrl?.Value)).toBe(`https://<${logicalId(stack.site.distribution)}.DomainName>`);
    expect(outputs.ApiUrl).toBeDefined();
    expect(render(outputs.TokenSecretArn?.Value)).toBe(`<${logicalId(stack.tokenSecret)}>`);
    expect(render(outputs.ReplyAddressSecretArn?.Value)).toBe(`<${logicalId(stack.replyAddressSecret)}>`);
    expect(render(outputs.OriginVerifySecretArn?.Value)).toBe(`<${logicalId(stack.originVerifySecret)}>`);
    for (const key of TABLE_KEYS) {
      expect(render(outputs[`Table${key[0]?.toUpperCase()}${key.slice(1)}`]?.Value)).toBe(
        `<${logicalId(stack.data.tables[key])}>`,
      );
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('leaves no finding that is neither fixed nor acknowledged', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    const findings = report.violations.map(
      (violation) =>
        `${violation.severity} ${violation.ruleName}: ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });

  it('acknowledges findings on the resources they are about, each with its own reason', () => {
    const acknowledgements = acknowledgementsUnder(app);
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const acknowledgement of acknowledgements) {
      expect(acknowledgement.path.split('/').length, acknowledgement.path).toBeGreaterThan(1);
      expect(acknowledgement.reason.length, acknowledgement.id).toBeGreaterThan(60);
    }
    expect(acknowledgements.filter((acknowledgement) => acknowledgement.path === stack.node.path)).toEqual([]);
  });
});

describe('a production stage with a custom domain', () => {
  let prod: { app: App; stack: MedicalTourismStack };
  let prodTemplate: Template;

  beforeAll(() => {
    prod = testApp(
      {
        stage: 'prod',
        domainName: 'www.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
        mailDomain: 'example.com',
      },
      { bundle: false },
    );
    prodTemplate = stageTemplate(prod.stack);
  }, 300_000);

  it('keeps its tables: deletion protection and RETAIN', () => {
    for (const key of TABLE_KEYS) {
      const table = prodTemplate.toJSON().Resources[logicalId(prod.stack.data.tables[key])];
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.UpdateReplacePolicy).toBe('Retain');
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({
        PointInTimeRecoveryEnabled: true,
        RecoveryPeriodInDays: RETENTION.backupDays,
      });
    }
  });

  it('gives every function an environment functions/platform/config.ts accepts once deployed, and every mail links to the custom domain', () => {
    const senders = declaredFunctions(prod.stack).filter(({ uses }) => uses.sendsMail);
    expect(senders.map(({ name }) => name).sort()).toEqual([
      'attachKeptMail',
      'changeAccount',
      'confirmTwoFactor',
      'invite',
      'login',
      'markGenuine',
      'receiveMail',
      'replaceVisitorLink',
      'reply',
      'retryMail',
      'sendmail',
      'translate',
      'visitorMessage',
    ]);
    for (const { name, fn, uses } of declaredFunctions(prod.stack)) {
      const environment = deployedEnvironment(prodTemplate, fn);
      expect(() => readSettings(environment, settingNamesFor(uses)), name).not.toThrow();
      if (uses.sendsMail) expect(environment['SITE_URL'], name).toBe('https://www.example.com');
      if (uses.sendsMail) expect(environment['INBOUND_DOMAIN'], name).toBe('reply.example.com');
    }
  });

  it('requires two-factor sign-in of staff by default (REQUIRE_TWO_FACTOR on every API function), where a dev stage does not', () => {
    for (const route of API_ROUTES) {
      const variables = (
        prodTemplate.toJSON().Resources[logicalId(prod.stack.api.functions[route.name])].Properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
      expect(variables['REQUIRE_TWO_FACTOR'], route.name).toBe('true');
      expect(variablesOf(functionOf(route))['REQUIRE_TWO_FACTOR'], route.name).toBe('false');
    }
  });

  it('serves its domain with TLS 1.2 or newer, and lets only that origin upload', () => {
    prodTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['www.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    prodTemplate.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://www.example.com'] })] },
    });
    prodTemplate.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
  });

  it('is nag-clean too', () => {
    expect(new AwsSolutionsChecks().validateScope(prod.app).violations).toEqual([]);
  });
});
