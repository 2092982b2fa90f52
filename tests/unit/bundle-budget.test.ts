/**
 * Every Lambda bundle, as deployed (functions/bundling.ts), within the budget
 * of issue 13: every byte is read and compiled at each cold start. When one
 * grows past it, `npm run bundle:analyze -- <entry>` shows what weighs.
 */
import { describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_BUDGET_GZIP_BYTES } from '../../functions/bundling';
import { type BundleWeight, weighLambdaBundles } from '../../functions/bundle-weights';

/** Packages the functions do without, each 20-120 KiB minified: a bundle that holds one took a wrong import (ESLint names most). */
const LEFT_OUT = ['@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/lib-storage', '@aws-sdk/credential-provider-ini', '@aws-sdk/client-sso', '@aws-lambda-powertools/logger', 'pngjs'];

let bundles: BundleWeight[] = [];

describe('Lambda bundles', () => {
  it('weighs every entry', async () => {
    bundles = await weighLambdaBundles();
    expect(bundles.length).toBeGreaterThan(30);
  }, 120_000);

  it(`keeps each at most ${LAMBDA_BUNDLE_BUDGET_GZIP_BYTES / 1024} KiB gzip`, () => {
    const over = bundles.filter((bundle) => bundle.gzipBytes > LAMBDA_BUNDLE_BUDGET_GZIP_BYTES).map((bundle) => `${bundle.name}: ${(bundle.gzipBytes / 1024).toFixed(1)} KiB`);
    expect(over).toEqual([]);
  });

  it('holds none of the packages the functions do without', () => {
    const found = bundles.flatMap((bundle) => bundle.inputs.filter((input) => LEFT_OUT.includes(input.name)).map((input) => `${bundle.name}: ${input.name}`));
    expect(found).toEqual([]);
  });
});
