/**
 * Builds the CDK app: the stage's stack from the context, and cdk-nag's
 * AwsSolutions pack as a validation plugin, so `cdk synth` and `cdk deploy`
 * fail on any finding that is neither fixed nor acknowledged. The tests build
 * the same app with their own context.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readStageConfig, stackNameOf } from './config';
import { REPO_ROOT } from './constructs/route-function';
import { MedicalTourismStack } from './stack';

export const SITE_DIST_DIR = join(REPO_ROOT, 'site', 'dist');

/** Feature flags this app relies on (there are none in cdk.json). */
export const FEATURE_FLAGS = {
  // Server access logs are allowed by a bucket policy, not the legacy log-delivery ACL.
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
} as const;

export interface BuildAppOptions extends AppProps {
  /** The built site to deploy; defaults to site/dist when it exists. */
  siteDistDir?: string;
}

export function buildApp(options: BuildAppOptions = {}): { app: App; stack: MedicalTourismStack } {
  const { siteDistDir, ...appProps } = options;
  const app = new App({ ...appProps, context: { ...FEATURE_FLAGS, ...appProps.context } });
  const config = readStageConfig(app.node);
  const dist = siteDistDir ?? (existsSync(join(SITE_DIST_DIR, 'index.html')) ? SITE_DIST_DIR : undefined);
  const stack = new MedicalTourismStack(app, stackNameOf(config.stage), {
    config,
    ...(dist ? { siteDistDir: dist } : {}),
    description: `Medical tourism centre: site, API and data (stage ${config.stage})`,
    // Account and region come from the deploying credentials; without them (offline synth) the stack is environment-agnostic.
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    tags: { project: 'medical-tourism-centre', stage: config.stage },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
