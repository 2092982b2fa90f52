/**
 * Debian's Chromium through playwright-core (never a downloaded browser),
 * with the flags this closed network needs. Every context it opens records a
 * Playwright trace, kept only for a test that fails (failure-artifacts.ts).
 */
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '../../shared/auth';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags for a sandboxed, closed network: without the background-networking ones Chromium keeps dialling out. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The contexts open now, for the failure artifacts. */
export const openContexts = new Set<BrowserContext>();

/** Content-Security-Policy violations any page reported since the last check (browser-test-hooks.ts fails the test). */
export const cspViolations: string[] = [];

/** Called with a context about to close, so a failing test can keep its trace and screenshots first. */
let beforeContextClose: ((context: BrowserContext) => Promise<void>) | undefined;
export function onContextClose(hook: (context: BrowserContext) => Promise<void>): void {
  beforeContextClose = hook;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await open(options);
    await context.tracing.start({ snapshots: true, screenshots: false, sources: false });
    await context.tracing.startChunk();
    openContexts.add(context);
    // Chromium reports each blocked script, style, frame or connection as a console error. The one
    // exception is the trace's own snapshotter, which fetches blob: images from no page script (no
    // location) to copy them into the trace; the site itself never fetches a blob.
    context.on('console', (message) => {
      const text = message.text();
      if (message.type() !== 'error' || !/Content Security Policy/i.test(text)) return;
      if (!message.location().url && text.startsWith("Connecting to 'blob:")) return;
      cspViolations.push(`${message.location().url}: ${text}`);
    });
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      if (openContexts.delete(context))
        await beforeContextClose?.(context).catch((error: unknown) =>
          console.warn('Could not keep the browser artifacts:', error),
        );
      return close(closeOptions);
    };
    return context;
  };
  return browser;
}

/** A staff member's page: a desktop window in Korean, signed in with `token` (in localStorage before any page script runs). */
export async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ko-KR' });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  return context.newPage();
}
