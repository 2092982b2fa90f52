import type { AppDeps } from '../deps';
import { httpHandler } from '../platform/http/handler';
import { json } from '../platform/http/response';

/** Short public cache: edits show within a minute, and the CDN absorbs page-load bursts. */
const PUBLIC_CACHE = 'public, max-age=60, s-maxage=60, stale-while-revalidate=300';

/** `GET /api/amendBest`: the three BEST 3 packages. */
export function makeAmendBestHandler(deps: Pick<AppDeps, 'packages' | 'log' | 'settings'>) {
  const { packages } = deps;
  return httpHandler(deps, async () => json(200, await packages.list(), { 'Cache-Control': PUBLIC_CACHE }));
}
