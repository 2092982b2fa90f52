/**
 * The built site's upload to the site bucket of SiteHosting (site-hosting.ts),
 * and the cdk-nag findings on aws-s3-deployment's own handler. It takes the
 * bucket and the distribution it needs, so it never imports SiteHosting.
 */
import { type CfnElement, DefaultStackSynthesizer, Stack, Token } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { IMMUTABLE, PAGE_CACHE } from '../../edge/cdn-rules';
import { acknowledge } from '../../nag';

/** The construct the deployments are made in (the site's hosting), with the bucket they fill and the distribution they invalidate. */
export type SiteDeploymentTarget = Construct & { readonly bucket: IBucket; readonly distribution: IDistribution };

/** Uploads the built site: hashed assets first (kept across deployments), then the pages, then invalidates; returns the deployments. */
export function deploySite(hosting: SiteDeploymentTarget, siteDistDir: string): BucketDeployment[] {
  const assetsDir = join(siteDistDir, '_astro');
  const assets = existsSync(assetsDir)
    ? new BucketDeployment(hosting, 'DeployAssets', {
        sources: [Source.asset(assetsDir)],
        destinationBucket: hosting.bucket,
        destinationKeyPrefix: '_astro/',
        // Pages cached in browsers may still name the previous build's assets.
        prune: false,
        cacheControl: [CacheControl.fromString(IMMUTABLE)],
        memoryLimit: 512,
      })
    : undefined;
  const pages = new BucketDeployment(hosting, 'DeployPages', {
    sources: [Source.asset(siteDistDir, { exclude: ['_astro', '_astro/**'] })],
    destinationBucket: hosting.bucket,
    exclude: ['_astro/*'],
    prune: true,
    cacheControl: [CacheControl.fromString(PAGE_CACHE)],
    distribution: hosting.distribution,
    distributionPaths: ['/*'],
    memoryLimit: 512,
  });
  if (assets) pages.node.addDependency(assets);
  acknowledgeDeploymentHandler(hosting);
  return assets ? [assets, pages] : [pages];
}

/** The findings on aws-s3-deployment's own handler (one function shared by both deployments, at stack level). */
function acknowledgeDeploymentHandler(hosting: SiteDeploymentTarget): void {
  const stack = Stack.of(hosting);
  const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler)
    throw new Error('The BucketDeployment handler was not found; its cdk-nag acknowledgements need updating');
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  // A literal where the region is known (the feature flag @aws-cdk/core:enablePartitionLiterals), else the pseudo parameter.
  const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
  const qualifier = stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const siteBucketId = stack.getLogicalId(hosting.bucket.node.defaultChild as CfnElement);
  const why = 'aws-s3-deployment handler (part of aws-cdk-lib, runs only while CloudFormation deploys the site)';
  acknowledge(handler, 'AwsSolutions-L1', `The ${why} has its runtime chosen by aws-cdk-lib, not by this project.`);
  acknowledge(
    handler,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `The ${why} gets the basic execution policy from aws-cdk-lib to write its own logs.`,
  );
  const wildcards: [string, string][] = [
    ['Action::s3:GetObject*', 'reads the zipped site from the CDK asset bucket'],
    ['Action::s3:GetBucket*', 'reads the asset and site buckets it syncs between'],
    ['Action::s3:List*', 'lists the site bucket to sync and prune it'],
    ['Action::s3:DeleteObject*', 'prunes pages the new build no longer has from the site bucket'],
    ['Action::s3:Abort*', 'aborts its own failed multipart uploads to the site bucket'],
    [`Resource::<${siteBucketId}.Arn>/*`, 'writes every object of the site bucket (the whole built site)'],
    [
      `Resource::arn:${partition}:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-${region}/*`,
      'reads the site asset from the bootstrap asset bucket',
    ],
    [
      'Resource::*',
      'creates the CloudFront invalidation after a deployment (CloudFront invalidations take no resource narrower than *)',
    ],
  ];
  for (const [finding, what] of wildcards) acknowledge(handler, `AwsSolutions-IAM5[${finding}]`, `The ${why} ${what}.`);
}
