/**
 * Where a short text (a heading, a button) may break, found at build time so
 * the page ships no script for it. Japanese and Chinese have no spaces: BudouX
 * (Google's phrase segmenter) splits them into phrases, and the page lets a
 * line break only between phrases. Korean breaks at spaces (`keep-all`); a
 * one-syllable word there (한, 두, 각, 이, 그, 안, 잘 ...) modifies the word
 * after it, so it is bound to that word and never left alone at a line end.
 * Other scripts break at spaces as they are.
 *
 * Imported only by Astro components, never by an island: BudouX stays out of
 * the browser bundles.
 */
import { jaModel, Parser, zhHansModel } from 'budoux';
import type { LocaleCode } from '../../../shared/locales';

const PARSERS: Partial<Record<LocaleCode, Parser>> = { ja: new Parser(jaModel), zh: new Parser(zhHansModel) };

const NO_BREAK_SPACE = '\u00a0';
const ONE_HANGUL_SYLLABLE = /^[\uac00-\ud7a3]$/u;

/** Binds each one-syllable Korean word to the word after it with a no-break space. */
function bindShortKoreanWords(text: string): string {
  const words = text.split(' ');
  return words.reduce((joined, word, index) => {
    if (index === 0) return word;
    return `${joined}${ONE_HANGUL_SYLLABLE.test(words[index - 1] ?? '') ? NO_BREAK_SPACE : ' '}${word}`;
  }, '');
}

const CHINESE_NUMERAL = /^[一二三四五六七八九十百千万两几每这那各]/u;
const isSingleHan = (part: string | undefined) => part !== undefined && /^\p{Script=Han}$/u.test(part);

/**
 * BudouX's Chinese model leaves single characters apart ("一", "座", "城市",
 * "全", "程"): a run of them is one word, and a number with its measure word
 * belongs to the noun after it ("一座城市", "一个团队").
 */
function joinChineseSingles(parts: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    let part = parts[index] ?? '';
    if (!isSingleHan(part) || !isSingleHan(parts[index + 1])) {
      joined.push(part);
      continue;
    }
    while (isSingleHan(parts[index + 1])) part += parts[(index += 1)];
    const next = parts[index + 1];
    if (CHINESE_NUMERAL.test(part) && next !== undefined) part += parts[(index += 1)];
    joined.push(part);
  }
  return joined;
}

/**
 * The phrases of a short text, in order; joined, they give back the text
 * (with no-break spaces in Korean where a word is bound to the next).
 */
export function phrases(text: string, locale: LocaleCode): string[] {
  if (locale === 'ko') return [bindShortKoreanWords(text)];
  const parser = PARSERS[locale];
  if (!parser || text.trim() === '') return [text];
  const parts = parser.parse(text);
  return locale === 'zh' ? joinChineseSingles(parts) : parts;
}
