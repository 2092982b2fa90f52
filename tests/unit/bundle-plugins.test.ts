/**
 * What functions/bundling.ts changes in the SDK as it bundles: the schemas of
 * commands a function never sends are dropped, a client's manifest keeps only
 * its version, and the endpoint cache that replaces mnemonist's keeps the
 * least recently used order it relied on.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_OPTIONS } from '../../functions/bundling';
import LruCache from '../../functions/lambda-lru-cache';

// Inside the repository, so the entry resolves the project's node_modules.
const scratch = mkdtempSync(join(import.meta.dirname, '..', '..', 'node_modules', '.bundle-plugins-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function bundled(source: string, plugins = LAMBDA_BUNDLE_OPTIONS.plugins): Promise<string> {
  const entry = join(scratch, `entry-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(entry, source);
  const result = await build({ ...LAMBDA_BUNDLE_OPTIONS, plugins, minify: false, sourcemap: false, entryPoints: [entry], write: false, logLevel: 'silent' });
  return result.outputFiles[0]?.text ?? '';
}

const sendEmailOnly = `
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
export const send = (input) => new SESv2Client({}).send(new SendEmailCommand(input));
`;

describe('the SDK as the functions bundle it', () => {
  it('keeps the schema of the command sent and drops the others, which esbuild alone keeps', async () => {
    const [withPlugins, without] = await Promise.all([bundled(sendEmailOnly), bundled(sendEmailOnly, [])]);
    expect(withPlugins).toContain('"SendEmailRequest"');
    expect(withPlugins).not.toContain('"CreateContactListRequest"');
    expect(without).toContain('"CreateContactListRequest"');
  });

  it('keeps only the version of the client manifest', async () => {
    const code = await bundled(sendEmailOnly);
    expect(code).toMatch(/\{\s*version: "\d+\.\d+\.\d+"\s*\}/);
    expect(code).not.toContain('"devDependencies"');
  });
});

describe('the endpoint cache', () => {
  it('forgets the least recently used entry beyond its capacity; a read counts as use, a peek does not', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    expect(cache.peek('a')).toBe(1);
    cache.set('d', 4);
    expect([cache.has('a'), cache.has('c'), cache.has('d')]).toEqual([false, true, true]);
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });
});
