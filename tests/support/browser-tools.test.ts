/**
 * The font check of `npm run bench:site` (tests/support/browser-tools.ts):
 * fontconfig's fc-list says whether the Korean, Chinese and Japanese fonts
 * are there, and a machine without fc-list gets a word that they could not be
 * checked and the run goes on, rather than a crash or a false "missing".
 * `echo` and `true` stand in for an fc-list that lists a font and one that
 * lists none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureFonts, fontsFor } from './browser-tools';

const NOT_INSTALLED = 'fc-list-that-is-not-installed';
const CJK = {
  name: 'fonts for Korean, Chinese and Japanese',
  languages: ['ko', 'zh', 'ja'],
  debianPackage: 'fonts-noto-cjk',
};

afterEach(() => vi.restoreAllMocks());

describe('fontsFor', () => {
  it('is unknown, not missing, when fc-list is not installed', () => {
    expect(fontsFor(['ko', 'zh', 'ja'], NOT_INSTALLED)).toBe('unknown');
  });

  it('is present when fc-list lists a font for every language, and missing when it lists none', () => {
    expect(fontsFor(['ko', 'zh', 'ja'], 'echo')).toBe('present');
    expect(fontsFor(['ko'], 'true')).toBe('missing');
  });
});

describe('ensureFonts', () => {
  it('says the fonts could not be checked without fc-list and goes on, neither exiting nor installing', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(ensureFonts(CJK, 'Measuring the pages needs', 'npm run bench:site', NOT_INSTALLED)).toBe('unknown');
    expect(exit).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^Could not check the fonts for Korean, Chinese and Japanese: fontconfig's fc-list is missing/,
    );
  });

  it('goes on without a word when fc-list lists them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(ensureFonts(CJK, 'Measuring the pages needs', 'npm run bench:site', 'echo')).toBe('present');
    expect(warn).not.toHaveBeenCalled();
  });
});
