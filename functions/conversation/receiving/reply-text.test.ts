/**
 * The new text of an answer, without the quoted mail and the signature line:
 * each quoting style of Gmail, Outlook and Apple Mail in the six languages,
 * and of Naver, QQ, Yandex and Mail.ru; and nothing of the visitor's own
 * words taken for a quote.
 */
import { describe, expect, it } from 'vitest';
import { newText } from './reply-text';
import { replySamples } from '../../../tests/support/reply-samples';

describe('newText', () => {
  it.each(replySamples().map((sample) => [sample.client, sample.locale, sample] as const))(
    'keeps only what the visitor wrote: %s, %s',
    (_client, _locale, sample) => {
      expect(newText(sample.text)).toBe(sample.expected);
    },
  );

  it('keeps a text that quotes nothing, as written (line ends made plain)', () => {
    expect(newText('Hello,\r\n\r\nIs there parking at the hospital?\r\n')).toBe(
      'Hello,\n\nIs there parking at the hospital?',
    );
  });

  it("keeps the visitor's own words that only look like a header: no address, or a From line with no date below it", () => {
    const own = [
      '제가 작성:',
      'From: Moscow, arriving on the 10th',
      'Subject: my knee',
      'В 10:15 я буду в отеле.',
    ].join('\n');
    expect(newText(own)).toBe(own);
  });

  it('keeps answers written between quoted lines (an inline answer), and leaves out the quoted lines', () => {
    const inline = ['> Which day suits you?', 'The 10th.', '', '> How many people?', 'Two of us.'].join('\n');
    const kept = newText(inline);
    expect(kept).toContain('The 10th.');
    expect(kept).toContain('Two of us.');
    expect(kept).not.toContain('Which day suits you?');
  });

  it('answers an empty text for an answer that only quotes', () => {
    expect(newText('> Dear visitor,\n> Thank you.\n')).toBe('');
  });
});
