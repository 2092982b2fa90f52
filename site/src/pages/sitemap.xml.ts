import type { APIRoute } from 'astro';
import { LOCALES, privacyRoute } from '../../../shared/locales';

/** The public pages with their language alternates; staff pages are left out on purpose. */
export const GET: APIRoute = ({ site }) => {
  const url = (path: string) => new URL(path, site).toString();
  const alternates = LOCALES.map(
    (locale) => `<xhtml:link rel="alternate" hreflang="${locale.lang}" href="${url(locale.route)}"/>`,
  ).join('');
  const pages = [
    ...LOCALES.map(
      (locale) =>
        `<url><loc>${url(locale.route)}</loc>${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${url('/')}"/></url>`,
    ),
    ...LOCALES.map((locale) => `<url><loc>${url(privacyRoute(locale.code))}</loc></url>`),
  ];
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${pages.join('')}</urlset>\n`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
};
