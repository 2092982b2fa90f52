/**
 * Builds the static site with Astro's `build()` API (no child process, the
 * same on Linux, macOS and Windows): `npm run build:site` always, `npm start`
 * when `site/dist` is missing or older than its sources.
 */
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

export async function buildSite(): Promise<void> {
  // Astro reads this when it loads; the build never phones home.
  process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
  const { build } = await import('astro');
  await build({ root: join(root, 'site') });
}

export async function buildSiteIfStale(): Promise<void> {
  if (siteIsCurrent()) return;
  console.log('Building the site (astro build)...');
  await buildSite();
}

// `npm run build:site`
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildSite().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
