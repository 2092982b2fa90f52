/**
 * Builds the static site with Astro's `build()` API (no child process, the
 * same on Linux, macOS and Windows): `npm run build:site` always, `npm start`
 * when `site/dist` is missing, older than its sources, or built for another
 * address than the one the stack will listen on (the canonical, hreflang and
 * Open Graph links of every page are absolute: a site built for port 4321 and
 * served on 4400 would point its readers' links back to 4321).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK } from '../emulators/loopback';
import { LOCAL_DEFAULTS } from '../run-settings';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCES = ['site/src', 'site/public', 'site/astro.config.mjs', 'shared'];
/** Which address the last build was made for; beside the build, not in it (site/dist is what the CDN serves). */
const BUILT_FOR = join(root, 'site', '.astro', 'built-for.json');

/** The address the pages' absolute links use: `SITE_URL` when set, else the local stack's on `port` (`PORT`, or its default). */
export function siteAddress(env: Record<string, string | undefined>, port?: number): string {
  return env['SITE_URL']?.trim() || `http://${LOOPBACK}:${port ?? (env['PORT']?.trim() || LOCAL_DEFAULTS.PORT)}`;
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function recordedAddress(): string | undefined {
  try {
    const { site } = JSON.parse(readFileSync(BUILT_FOR, 'utf8')) as { site?: unknown };
    return typeof site === 'string' ? site : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a build can be served as it is: built after its last source change, for this address. */
export function isBuildCurrent(
  build: { builtAt: number | undefined; newestSource: number; builtFor: string | undefined },
  address: string,
): boolean {
  return build.builtAt !== undefined && build.newestSource <= build.builtAt && build.builtFor === address;
}

export function siteIsCurrent(address: string): boolean {
  const built = join(root, 'site', 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : undefined;
  const newestSource = Math.max(...SOURCES.map((source) => newestChange(join(root, source))));
  return isBuildCurrent({ builtAt, newestSource, builtFor: recordedAddress() }, address);
}

export async function buildSite(address: string = siteAddress(process.env)): Promise<void> {
  // Astro reads this when it loads; the build never phones home.
  process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
  const { build } = await import('astro');
  await build({ root: join(root, 'site'), site: address });
  mkdirSync(dirname(BUILT_FOR), { recursive: true });
  writeFileSync(BUILT_FOR, `${JSON.stringify({ site: address })}\n`);
}

export async function buildSiteIfStale(address: string = siteAddress(process.env)): Promise<void> {
  if (siteIsCurrent(address)) return;
  console.log(`Building the site for ${address} (astro build)...`);
  await buildSite(address);
}

// `npm run build:site`
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildSite().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
