/**
 * Builds the CDK app for template tests (offline: no lookups, no Docker,
 * local esbuild) and reads IAM policies out of a template as plain
 * `action resource` lines, so tests can compare them with what a route needs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CfnElement, NestedStack, type Stack, Token } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll } from 'vitest';
import type { IConstruct } from 'constructs';
import { buildApp } from '../../infra/main';
import type { MedicalTourismStack } from '../../infra/stack';
import type { StageRoute } from '../../infra/stage-routes';
import { SECRET_SETTINGS } from '../../functions/platform/secrets';
import { API_ROUTES, resourcesOf } from '../../shared/routes';
import {
  MAIL_RECEIVERS,
  type ResourceUse,
  SCHEDULED_JOBS,
  STREAM_CONSUMERS,
  WORKERS,
  WORKER_NAMES,
} from '../../shared/resources';

export const TEST_CONTEXT = { stage: 'test', mailFrom: 'noreply@example.com', mailTo: 'staff@example.com' } as const;

export const INLINE_SCRIPT = "document.documentElement.dataset.phone='1';";
export const INLINE_STYLE = 'body{margin:0}';

const temporaryDirs: string[] = [];

function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

/** Removes the sites and cloud assemblies the tests made (an assembly holds every bundled function). */
export function removeTemporaryDirs(): void {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A tiny built site: one page with an inline script and style, and one hashed asset. */
export function tinySite(): string {
  const dir = temporaryDir('infra-site-');
  writeFileSync(
    join(dir, 'index.html'),
    `<!DOCTYPE html><html lang="en"><head><style>${INLINE_STYLE}</style></head><body><script>${INLINE_SCRIPT}</script><script type="module" src="/_astro/app.abc123.js"></script></body></html>`,
  );
  writeFileSync(join(dir, '404.html'), '<!DOCTYPE html><html lang="en"><body>Not found</body></html>');
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'console.log(1);');
  return dir;
}

export function testApp(
  context: Record<string, unknown> = {},
  options: { bundle?: boolean; placeholders?: string[]; routes?: readonly StageRoute[] } = {},
): ReturnType<typeof buildApp> {
  // Offline and environment-agnostic, whatever the machine has set.
  delete process.env.CDK_DEFAULT_ACCOUNT;
  delete process.env.CDK_DEFAULT_REGION;
  return buildApp({
    outdir: temporaryDir('infra-cdk-out-'),
    siteDistDir: tinySite(),
    // The template tests are about the infrastructure; the content guard has its own test.
    placeholders: () => options.placeholders ?? [],
    ...(options.routes ? { routes: options.routes } : {}),
    context: { ...TEST_CONTEXT, ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}), ...context },
  });
}

/**
 * How the stack's ARNs name their partition: a literal where the region is known (the feature flag
 * @aws-cdk/core:enablePartitionLiterals, cdk.json), else `<AWS::Partition>` as render() writes the pseudo parameter.
 */
export function partitionIn(stack: Stack): string {
  return Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
}

/** What every function's role may do for X-Ray active tracing (CDK's grant; the actions take no resource but `*`). */
export const TRACING_PERMISSIONS = ['xray:PutTelemetryRecords *', 'xray:PutTraceSegments *'] as const;

export function logicalId(construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return element.stack.resolve(element.logicalId) as string;
}

/** A CloudFormation value as text: `<Id.Attr>` for GetAtt, `<Id>` for Ref, joins flattened. */
export function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(render).join(',');
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('Ref' in object) return `<${String(object.Ref)}>`;
    if ('Fn::GetAtt' in object) {
      const [id, attribute] = object['Fn::GetAtt'] as [string, string];
      return `<${id}.${attribute}>`;
    }
    if ('Fn::Join' in object) {
      const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
      return parts.map(render).join(separator);
    }
    if ('Fn::Sub' in object) return String(object['Fn::Sub']);
  }
  return JSON.stringify(value);
}

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * The policies of the template: inline ones, and the managed ones CDK makes
 * when a role's statements outgrow an inline policy (its `OverflowPolicy`).
 */
function rolePolicies(
  template: Template,
): { Properties: { Roles?: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } } }[] {
  return [
    ...Object.values(template.findResources('AWS::IAM::Policy')),
    ...Object.values(template.findResources('AWS::IAM::ManagedPolicy')),
  ] as never;
}

/** Every `action resource` (with ` if <condition>`) the policies attached to a role allow. */
export function permissionsOfRole(template: Template, roleId: string): Set<string> {
  const lines = new Set<string>();
  for (const policy of rolePolicies(template)) {
    const roles = (policy.Properties.Roles ?? []).map((role) => role.Ref);
    if (!roles.includes(roleId)) continue;
    for (const statement of policy.Properties.PolicyDocument.Statement as Statement[]) {
      const resources = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
      for (const action of list(statement.Action)) {
        for (const resource of resources) {
          const condition = statement.Condition ? ` if ${JSON.stringify(statement.Condition)}` : '';
          lines.add(
            `${statement.Effect === 'Allow' ? '' : `${statement.Effect} `}${action} ${render(resource)}${condition}`,
          );
        }
      }
    }
  }
  return lines;
}

/** Every action any IAM policy or role of the template allows. */
export function allAllowedActions(template: Template): string[] {
  const actions: string[] = [];
  const collect = (document: { Statement: Statement[] }) => {
    for (const statement of document.Statement)
      if (statement.Effect === 'Allow') actions.push(...list(statement.Action));
  };
  for (const policy of rolePolicies(template)) collect(policy.Properties.PolicyDocument);
  for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
    for (const inline of (role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[])
      collect(inline.PolicyDocument);
  }
  return actions;
}

/** A value with each `{ Ref: <parameter> }` replaced by the value the parameter is given. */
function withParameters(value: unknown, parameters: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withParameters(item, parameters));
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1 && typeof object.Ref === 'string' && object.Ref in parameters) return parameters[object.Ref];
  return Object.fromEntries(keys.map((key) => [key, withParameters(object[key], parameters)]));
}

/** The resources of a stack and of its nested stacks, each nested stack's parameters replaced by what its parent passes. */
function resourcesWithNested(
  stack: Stack,
  parameters: Record<string, unknown>,
): Record<string, Record<string, unknown>> {
  const resources = withParameters(Template.fromStack(stack).toJSON().Resources, parameters) as Record<
    string,
    Record<string, unknown>
  >;
  const nestedStacks = stack.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct))
    .filter((nested) => nested.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    if (!nested.nestedStackResource) throw new Error(`${nested.node.path} has no stack resource`);
    const passed = (resources[logicalId(nested.nestedStackResource)]?.Properties as { Parameters?: object })
      ?.Parameters;
    for (const [id, resource] of Object.entries(resourcesWithNested(nested, { ...passed }))) {
      if (id in resources) throw new Error(`${id} is in ${nested.node.path} and in its parent`);
      resources[id] = resource;
    }
  }
  return resources;
}

/**
 * A stack's template with the resources of its nested stacks (each feature's API routes,
 * infra/constructs/api/route-group.ts) in it, as if it were one template: a nested stack's reference to the main
 * stack's table reads `<TableId.Arn>`, as it would there, rather than the parameter that carries it.
 */
export function stageTemplate(stack: Stack): Template {
  return Template.fromJSON({ ...Template.fromStack(stack).toJSON(), Resources: resourcesWithNested(stack, {}) });
}

/**
 * The test stage's stack and template, made once for a test file without
 * bundling the functions (for tests about resources and permissions, not code).
 */
export function unbundledStackForFile(): { readonly stack: MedicalTourismStack; readonly template: Template } {
  const made: { stack?: MedicalTourismStack; template?: Template } = {};
  beforeAll(() => {
    made.stack = testApp({}, { bundle: false }).stack;
    made.template = stageTemplate(made.stack);
  }, 300_000);
  afterAll(removeTemporaryDirs);
  return {
    get stack() {
      if (!made.stack) throw new Error('The stack is made in beforeAll');
      return made.stack;
    },
    get template() {
      if (!made.template) throw new Error('The template is made in beforeAll');
      return made.template;
    },
  };
}

/**
 * Every function the stack makes, with what it uses: one per API route, the
 * scheduled jobs, the background workers, the stream consumers and the mail
 * receivers.
 */
export function declaredFunctions(
  stack: MedicalTourismStack,
): { name: string; fn: IConstruct; uses: ResourceUse; api: boolean }[] {
  return [
    ...API_ROUTES.map((route) => ({
      name: route.name,
      fn: stack.api.functions[route.name] as IConstruct,
      uses: resourcesOf(route),
      api: true,
    })),
    ...SCHEDULED_JOBS.map((job) => ({
      name: job.name,
      fn: stack.jobs.functions[job.name] as IConstruct,
      uses: job.uses as ResourceUse,
      api: false,
    })),
    ...WORKER_NAMES.map((name) => ({
      name,
      fn: stack.workers.functions[name] as IConstruct,
      uses: WORKERS[name].uses as ResourceUse,
      api: false,
    })),
    ...STREAM_CONSUMERS.map((consumer) => ({
      name: consumer.name,
      fn: stack.streams.functions[consumer.name] as IConstruct,
      uses: consumer.uses as ResourceUse,
      api: false,
    })),
    ...MAIL_RECEIVERS.map((receiver) => ({
      name: receiver.name,
      fn: stack.receiving.functions[receiver.name] as IConstruct,
      uses: receiver.uses as ResourceUse,
      api: false,
    })),
  ];
}

/**
 * A function's environment as it will be once deployed, for functions/platform/config.ts
 * to read: literal values as they are; each CloudFormation reference (a table
 * name, the distribution's host) becomes a plain word, as it will resolve to
 * one; a secret setting (`<NAME>_ARN`) is read at cold start, so it stands
 * for the setting itself.
 */
export function deployedEnvironment(template: Template, fn: IConstruct): Record<string, string> {
  const variables = (
    template.toJSON().Resources[logicalId(fn)].Properties.Environment as { Variables: Record<string, unknown> }
  ).Variables;
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) {
    const text = render(value).replace(/<[^>]+>/g, 'resolved-at-deploy');
    const secret = SECRET_SETTINGS.find((setting) => `${setting}_ARN` === name);
    environment[secret ?? name] = secret ? 'a-secret-value-read-at-cold-start-0123456789' : text;
  }
  return environment;
}
