/**
 * cdk.json holds the feature flags a new `cdk init` app of the installed
 * aws-cdk-lib gets (its recommended-feature-flags.json), each at its
 * recommended value but the ones docs/deploying.md, 'Feature flags', keeps at
 * their old value and says why; and the app built without the CLI (the
 * tests, `buildApp`) takes the same flags. A new aws-cdk-lib that recommends
 * a new flag fails here until it is set (and its template changes checked).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/function-bundles';
import { FEATURE_FLAGS, featureFlagsOf } from '../../infra/main';

const recommended = createRequire(import.meta.url)('aws-cdk-lib/recommended-feature-flags.json') as Record<
  string,
  unknown
>;
const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

/** Flags kept off their recommended value, each explained in docs/deploying.md, 'Feature flags'. */
const KEPT_AT_OLD_VALUE: Record<string, unknown> = {
  // A log group of the site deployment's handler would be made under the name Lambda has already made it with.
  '@aws-cdk/aws-lambda:useCdkManagedLogGroup': false,
};

describe('feature flags', () => {
  it('are every flag aws-cdk-lib recommends, at its recommended value but those kept and explained', () => {
    expect(featureFlagsOf(cdkJson)).toEqual({ ...recommended, ...KEPT_AT_OLD_VALUE });
  });

  it('keep at their old value only flags that aws-cdk-lib recommends otherwise', () => {
    for (const [flag, value] of Object.entries(KEPT_AT_OLD_VALUE)) {
      expect(recommended, flag).toHaveProperty([flag]);
      expect(recommended[flag], flag).not.toEqual(value);
    }
  });

  it('are what the app is built with, with or without the CLI', () => {
    expect(FEATURE_FLAGS).toEqual(featureFlagsOf(cdkJson));
  });

  it('are documented where a flag keeps its old value', () => {
    const deploying = readFileSync(join(REPO_ROOT, 'docs', 'deploying.md'), 'utf8');
    for (const flag of Object.keys(KEPT_AT_OLD_VALUE)) expect(deploying).toContain(`\`${flag}\``);
  });
});
