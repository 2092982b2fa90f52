import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /login',
      'Disallow: /view',
      'Disallow: /detail/',
      'Disallow: /editpage',
      'Disallow: /templates',
      'Disallow: /kept-mail',
      'Disallow: /privacy-requests',
      'Disallow: /access-log',
      'Disallow: /accounts',
      'Disallow: /welcome',
      'Disallow: /enrol',
      'Disallow: /two-factor',
      'Disallow: /password',
      'Disallow: /dashboard',
      // The visitors' own pages: nothing in them is for a search engine (each is noindex too).
      'Disallow: /my-enquiry/',
      '',
      `Sitemap: ${new URL('/sitemap.xml', site)}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
