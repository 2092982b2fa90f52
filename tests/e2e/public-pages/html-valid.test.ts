/**
 * The built pages are valid HTML: the Nu Html Checker (vnu, offline, on the
 * system Java) over every `index.html` in site/dist and the 404 page, and
 * over the receipt page the send route answers a plain form post with, in
 * each language. `npm test` builds the site before vitest runs.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReceiptPage } from '../../../functions/intake/receipt-page';
import { LOCALE_CODES, localeByCode } from '../../../shared/locales';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dist = join(root, 'site', 'dist');
const VNU = join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(path);
    return entry.name === 'index.html' || (folder === dist && entry.name === '404.html') ? [path] : [];
  });
}

/** The receipt pages of the six languages, written out for the checker. */
const receipts = mkdtempSync(join(tmpdir(), 'receipt-pages-'));
afterAll(() => rmSync(receipts, { recursive: true, force: true }));

function receiptFiles(): string[] {
  return LOCALE_CODES.map((locale) => {
    const file = join(receipts, `receipt-${locale}.html`);
    writeFileSync(
      file,
      renderReceiptPage({
        locale,
        reference: 'MT-000123',
        backHref: `${localeByCode(locale).route}#contact`,
        replyPromiseWorkingDays: 2,
      }),
    );
    return file;
  });
}

/** Where vnu found a message: the file under site/dist, or the receipt page's name. */
function where(url: string | undefined): string {
  if (!url) return '?';
  const file = fileURLToPath(url);
  return file.startsWith(receipts) ? relative(receipts, file) : relative(dist, file);
}

describe('vnu', () => {
  it('finds no error in the built pages and the receipt pages', async () => {
    expect(existsSync(join(dist, 'index.html')), 'site/dist is missing: run npm run build:site').toBe(true);
    const files = htmlFiles(dist).sort();
    const pages = files.map((file) => `/${relative(dist, file)}`);
    // The six language pages, /Home, six privacy pages and the 404 page, at least.
    expect(pages).toEqual(
      expect.arrayContaining([
        '/index.html',
        '/Home/index.html',
        '/KrPage/index.html',
        '/CnPage/index.html',
        '/RuPage/index.html',
        '/VnPage/index.html',
        '/JpPage/index.html',
        '/privacy/en/index.html',
        '/privacy/ja/index.html',
        '/404.html',
      ]),
    );

    // vnu exits 1 when it finds errors; its JSON report goes to stderr either way.
    const result = await promisify(execFile)(
      'java',
      ['-jar', VNU, '--format', 'json', '--errors-only', ...files, ...receiptFiles()],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((failure: { stdout?: string; stderr?: string; code?: number }) => {
      if (typeof failure.stderr !== 'string' || !failure.stderr.trim().startsWith('{')) throw failure;
      return { stdout: failure.stdout ?? '', stderr: failure.stderr };
    });
    const report = JSON.parse(result.stderr) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter(
        (message) => message.type === 'error' || message.subType === 'fatal' || message.type === 'non-document-error',
      )
      .map(
        (message) =>
          `${where(message.url)}:${message.lastLine ?? '?'}:${message.lastColumn ?? '?'} ${message.message}${
            message.extract ? `  [${message.extract.replace(/\s+/g, ' ')}]` : ''
          }`,
      );
    expect(errors, `${errors.length} vnu error(s):\n${errors.join('\n')}`).toEqual([]);
  });
});
