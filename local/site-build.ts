/**
 * Builds the static site when it is missing or older than its sources, so
 * `npm start` always serves the current pages.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['site/src', 'site/public', 'site/astro.config.mjs', 'shared'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

export function siteIsCurrent(): boolean {
  const built = join(root, 'site', 'dist', 'index.html');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.every((source) => newestChange(join(root, source)) <= builtAt);
}

export function buildSiteIfStale(): void {
  if (siteIsCurrent()) return;
  console.log('Building the site (astro build)...');
  const result = spawnSync('npx', ['astro', 'build', '--root', 'site'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('The site build failed; see the output above.');
}
