/**
 * The reply-parsing benchmark's cases are well formed, so a broken fixture is
 * caught here and not taken for a parser's mistake: each names its corpus,
 * client and language; each has an expected new text (empty only where it is
 * meant to be: an answer that only quotes); each is a message readMessage
 * reads, and every line of its expected text is in the text read from it; the
 * public fixtures carry their licence, source note and manifest. Nothing here
 * measures the parser: no accuracy or time is judged.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMessage } from '../../functions/conversation/inbound-processing';
import { allCases } from './cases';
import { normalised } from './compare';
import { FIXTURES, corpora, expectedFile } from './public-corpora';

const cases = allCases();
const nonBlankLines = (text: string) =>
  normalised(text)
    .split('\n')
    .filter((line) => line.trim() !== '');

describe('the reply-parsing corpus', () => {
  it('holds our own messages and the public fixtures, each case once', () => {
    expect(cases.filter((item) => item.corpus === 'own').length).toBeGreaterThan(0);
    expect(cases.filter((item) => item.corpus !== 'own').length).toBeGreaterThan(0);
    expect(new Set(cases.map((item) => item.id)).size).toBe(cases.length);
  });

  it.each(cases.map((item) => [item.id, item] as const))('%s is labelled and has its expected text', (_id, item) => {
    expect(item.corpus).not.toBe('');
    expect(item.client).not.toBe('');
    expect(item.language).toMatch(/^[a-z]{2}$/);
    expect(item.kind).not.toBe('');
    if (item.quoteOnly) expect(normalised(item.expected)).toBe('');
    else expect(normalised(item.expected)).not.toBe('');
  });

  it.each(cases.map((item) => [item.id, item] as const))(
    '%s is read by readMessage, and its expected lines are in the text read',
    async (_id, item) => {
      const message = await readMessage(item.raw, Date.now());
      expect(message.from).toMatch(/@/);
      const read = new Set(nonBlankLines(message.parsed.text ?? ''));
      const absent = nonBlankLines(item.expected).filter((line) => !read.has(line));
      expect(absent).toEqual([]);
    },
  );

  it('sends the windows-1258 cases with the tone marks apart, so "Từ:" is only found after NFC', async () => {
    const decomposed = cases.filter((item) => item.kind.startsWith('windows-1258'));
    expect(decomposed.length).toBeGreaterThan(0);
    for (const item of decomposed) {
      const text = (await readMessage(item.raw, Date.now())).parsed.text ?? '';
      expect(text).not.toContain('Từ:');
      expect(text.normalize('NFC')).toContain('Từ:');
    }
  });
});

describe('the public corpora', () => {
  it.each(corpora().map(({ folder, manifest }) => [folder, manifest] as const))(
    '%s keeps its licence, its source note and an expected text for each fixture it names',
    (folder, manifest) => {
      const dir = join(FIXTURES, folder);
      expect(existsSync(join(dir, 'LICENSE'))).toBe(true);
      expect(existsSync(join(dir, 'SOURCE.md'))).toBe(true);
      expect(manifest.commit).toMatch(/^[0-9a-f]{40}$/);
      const named = new Set(manifest.cases.map((entry) => entry.file));
      for (const file of named) {
        expect(existsSync(join(dir, file)), file).toBe(true);
        expect(existsSync(join(dir, expectedFile(file))), expectedFile(file)).toBe(true);
      }
      // A fixture copied in but not named in the manifest would silently not be measured.
      const fixtures = readdirSync(dir).filter((file) => /\.(eml|txt)$/.test(file) && !file.endsWith('.expected.txt'));
      expect(fixtures.filter((file) => !named.has(file))).toEqual([]);
    },
  );
});
