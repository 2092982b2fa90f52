/**
 * Builds the CDK app: the stage's stacks from the context (the main stack in
 * the stage's region, and the edge stack with its AWS WAF web ACL in us-east-1
 * unless `webAclArn` names an existing ACL), and cdk-nag's AwsSolutions pack as
 * a validation plugin, so `cdk synth` and `cdk deploy` fail on any finding that
 * is neither fixed nor acknowledged. The tests build the same app with their
 * own context.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { edgeStackNameOf, readStageConfig, stackNameOf, stageRegion } from './config';
import { REPO_ROOT } from './function-bundles';
import { placeholderReport } from '../shared/content/placeholder-report';
import { guardContent } from './content-guard';
import { EdgeStack } from './edge-stack';
import { MedicalTourismStack } from './stack';
import type { StageRoute } from './stage-routes';

export const SITE_DIST_DIR = join(REPO_ROOT, 'site', 'dist');

/**
 * The feature flags of cdk.json's context: those a new `cdk init` app of the installed aws-cdk-lib gets
 * (its recommended-feature-flags.json), at their recommended values but the ones docs/deploying.md,
 * 'Feature flags', keeps and says why. The CLI passes cdk.json's context to the app itself; read here
 * too, the tests and `buildApp` without the CLI make the same templates as a deploy.
 */
export const FEATURE_FLAGS: Readonly<Record<string, unknown>> = featureFlagsOf(
  JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> },
);

/** The feature flags (`@aws-cdk...` keys) of a cdk.json; its other context values (cli-telemetry) are the CLI's. */
export function featureFlagsOf(cdkJson: { context?: Record<string, unknown> }): Record<string, unknown> {
  return Object.fromEntries(Object.entries(cdkJson.context ?? {}).filter(([key]) => key.startsWith('@aws-cdk')));
}

export interface BuildAppOptions extends AppProps {
  /** The built site to deploy; defaults to site/dist when it exists. */
  siteDistDir?: string;
  /** The content values still to fill in; defaults to the site's own report (shared/content/placeholder-report.ts). */
  placeholders?: () => string[];
  /** The API routes to deploy; by default the route table's (infra/stage-routes.ts). */
  routes?: readonly StageRoute[];
}

export function buildApp(options: BuildAppOptions = {}): { app: App; stack: MedicalTourismStack; edge?: EdgeStack } {
  const { siteDistDir, placeholders = placeholderReport, routes, ...appProps } = options;
  const app = new App({ ...appProps, context: { ...FEATURE_FLAGS, ...appProps.context } });
  const config = readStageConfig(app.node);
  const dist = siteDistDir ?? (existsSync(join(SITE_DIST_DIR, 'index.html')) ? SITE_DIST_DIR : undefined);
  // The account comes from the deploying credentials (none for offline synth); the region is always concrete,
  // because the distribution reads its web ACL's ARN from another region.
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const tags = { project: 'medical-tourism-centre', stage: config.stage };
  const edge = config.webAclArn
    ? undefined
    : new EdgeStack(app, edgeStackNameOf(config.stage), {
        stage: config.stage,
        description: `Medical tourism centre: AWS WAF web ACL of the distribution (stage ${config.stage})`,
        env: { account },
        tags,
      });
  const webAclArn = config.webAclArn ?? edge?.webAclArn;
  if (!webAclArn) throw new Error('No web ACL for the distribution');
  const stack = new MedicalTourismStack(app, stackNameOf(config.stage), {
    config,
    webAclArn,
    ...(dist ? { siteDistDir: dist } : {}),
    ...(routes ? { routes } : {}),
    description: `Medical tourism centre: site, API and data (stage ${config.stage})`,
    env: { account, region: stageRegion(config, process.env.CDK_DEFAULT_REGION) },
    tags,
  });
  guardContent(stack, config.production, placeholders());
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, ...(edge ? { edge } : {}) };
}
