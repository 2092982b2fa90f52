// The static site: six language pages, the privacy pages and (later) the staff
// shells, pre-rendered to `site/dist` for the CDN. React only where it moves.
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { placeholderReport } from '../shared/content/placeholder-report.ts';

/** Lists, after each build, the content values the operator has not filled in yet. */
const placeholders = {
  name: 'placeholder-report',
  hooks: {
    'astro:build:done': ({ logger }) => {
      const lines = placeholderReport();
      if (lines.length) logger.warn(`Still placeholders (fill them in before going live):\n  ${lines.join('\n  ')}`);
    },
  },
};

export default defineConfig({
  // Absolute base of canonical, hreflang and Open Graph URLs; the deployment sets the real domain.
  site: process.env.SITE_URL || 'http://127.0.0.1:4321',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always', assets: '_astro' },
  integrations: [react(), placeholders],
  vite: {
    build: { assetsInlineLimit: 0 },
  },
  devToolbar: { enabled: false },
});
