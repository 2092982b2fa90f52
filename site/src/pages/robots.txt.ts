import type { APIRoute } from 'astro';
import { STAFF_PAGES } from '../staff/features';

export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      // Every staff page (each is noindex too).
      ...STAFF_PAGES.map((page) => `Disallow: ${page.href}`),
      // The visitors' own pages: nothing in them is for a search engine (each is noindex too).
      'Disallow: /my-enquiry/',
      '',
      `Sitemap: ${new URL('/sitemap.xml', site)}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
