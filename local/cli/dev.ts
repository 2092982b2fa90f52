/**
 * `npm run dev`: Astro's dev server with hot reload on PORT, in front of the
 * local stack (emulators and API handlers on a free port of their own):
 * `/api/*` and `/image/*` go to the stack, and the CDN's rewrite (aliases,
 * the `/detail/{index}` shell) applies as in production, so a page edit shows
 * at once against real data.
 */
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin } from 'vite';
import { LOOPBACK } from '../emulators/loopback';
import {
  announceEndpoints,
  faultControlLines,
  inboundMailLine,
  malwareScanLine,
  reportStartFailure,
  runSettings,
  stopOnSignals,
  translationLine,
} from '../run-settings';
import { startLocalStack } from '../stack';
import { IMAGE_PATH_PREFIX } from '../../shared/packages/uploads';
import { DETAIL_SHELL_PATH, PERMANENT_REDIRECTS, REDIRECT_CACHE_CONTROL } from '../../shared/rewrite';

/** The rewrite rules the dev server does not know by itself: alias redirects and the detail shell. */
function productionRewrite(): Plugin {
  const rewrite: Connect.NextHandleFunction = (request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://dev');
    const path = url.pathname.replace(/(.)\/$/, '$1');
    const target = PERMANENT_REDIRECTS[path];
    if (target) {
      response.writeHead(301, { Location: `${target}${url.search}`, 'Cache-Control': REDIRECT_CACHE_CONTROL });
      return response.end();
    }
    if (/^\/detail\/[^/]+$/.test(path)) request.url = `${DETAIL_SHELL_PATH.replace(/\/index\.html$/, '')}${url.search}`;
    next();
  };
  return { name: 'production-rewrite', configureServer: (server) => void server.middlewares.use(rewrite) };
}

async function main() {
  const settings = runSettings();
  process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
  const devOrigin = `http://${LOOPBACK}:${settings.port}`;
  const stack = await startLocalStack({
    ...settings,
    port: 0,
    env: process.env,
    extraOrigins: [devOrigin, `http://localhost:${settings.port}`],
  });
  announceEndpoints(stack, settings.dataDir);

  const { dev } = await import('astro');
  const server = await dev({
    root: fileURLToPath(new URL('../../site/', import.meta.url)),
    server: { host: LOOPBACK, port: settings.port },
    site: devOrigin,
    vite: {
      server: { proxy: { '/api': stack.url, [IMAGE_PATH_PREFIX.replace(/\/$/, '')]: stack.url } },
      plugins: [productionRewrite()],
    },
  });

  console.log(`
  Medical tourism centre, development server (hot reload)
    site           ${devOrigin}/   (edits under site/ and shared/ show at once)
    API and images ${stack.url}   (proxied from the site's /api and /image)
    staff sign-in  ${devOrigin}/login   (${settings.staffEmail} / ${settings.passwordNote})
    mailbox        ${stack.mailboxUrl}/
${inboundMailLine(stack)}
${translationLine(stack)}
${malwareScanLine()}
${faultControlLines(stack)}
  Ctrl-C stops it.
`);
  stopOnSignals(async () => {
    await server.stop();
    await stack.stop();
  });
}

main().catch(reportStartFailure);
