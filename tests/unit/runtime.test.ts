/**
 * One runtime, the production one: the Lambda runtime, the esbuild target,
 * the pinned `node` dev dependency the npm scripts run on, `engines` and
 * `@types/node` all name the same Node.js major.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_OPTIONS, NODE_MAJOR } from '../../functions/bundling/bundling';
import { LAMBDA_RUNTIME } from '../../infra/constructs/functions/route-function';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const majorOf = (range: string | undefined) => Number(/(\d+)/.exec(range ?? '')?.[1]);

describe('Node.js runtime', () => {
  it('the tests themselves run on the production major (the pinned node dev dependency)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(NODE_MAJOR);
  });

  it('package.json pins that major for scripts, engines and types', () => {
    expect(majorOf(manifest.devDependencies['node'])).toBe(NODE_MAJOR);
    expect(majorOf(manifest.devDependencies['@types/node'])).toBe(NODE_MAJOR);
    expect(manifest.engines.node).toMatch(new RegExp(`^>=${NODE_MAJOR}\\.\\d+ <${NODE_MAJOR + 1}$`));
  });

  it('the functions are bundled for and deployed on that major', () => {
    expect(LAMBDA_BUNDLE_OPTIONS.target).toBe(`node${NODE_MAJOR}`);
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${NODE_MAJOR}.x`);
  });
});
