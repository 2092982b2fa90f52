/**
 * The page a plain form post is answered with: in each of the six languages,
 * with the reference, what happens next and the way back; plain HTML that the
 * API's Content-Security-Policy (`default-src 'none'`) lets show in full, and
 * every interpolated text escaped.
 */
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { renderReceiptPage } from './receipt-page';
import { CONTACT, telHref } from '../../shared/content/contact';
import { displayText } from '../../shared/content/placeholders';
import { LOCALE_CODES, type LocaleCode, localeByCode } from '../../shared/locales';
import { RECEIPT_TEXT } from '../../shared/intake/receipt-text';

function parse(html: string): Document {
  const window = new Window();
  window.document.write(html);
  return window.document as unknown as Document;
}

const render = (locale: LocaleCode, overrides: Partial<Parameters<typeof renderReceiptPage>[0]> = {}) =>
  renderReceiptPage({
    locale,
    reference: 'MT-000123',
    backHref: `${localeByCode(locale).route}#contact`,
    replyPromiseWorkingDays: 2,
    ...overrides,
  });

describe('the receipt page', () => {
  it.each(LOCALE_CODES)('says it in %s, with the reference in an element of its own', (locale) => {
    const html = render(locale);
    const text = RECEIPT_TEXT[locale];
    const document = parse(html);
    expect(html.startsWith('<!doctype html>\n')).toBe(true);
    expect(document.documentElement.getAttribute('lang')).toBe(localeByCode(locale).lang);
    expect(document.querySelector('head > meta[charset]')?.getAttribute('charset')).toBe('utf-8');
    expect(document.title).toBe(`${text.page.title} - ${text.centreName}`);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')?.textContent).toBe(text.sent);
    expect(document.querySelector('main #reference')?.textContent).toBe('MT-000123');
    expect(document.body.textContent).toContain(text.replyPromise(2));
    expect(document.body.textContent).toContain(text.keepReference);
    const back = [...document.querySelectorAll('a')].find((anchor) => anchor.textContent === text.page.back);
    expect(back?.getAttribute('href')).toBe(`${localeByCode(locale).route}#contact`);
  });

  it('gives the customer-centre numbers as links to call', () => {
    const links = [...parse(render('ko')).querySelectorAll('a[href^="tel:"]')].map((anchor) => [
      anchor.getAttribute('href'),
      anchor.textContent,
    ]);
    expect(links).toEqual(CONTACT.customerCentres.map((number) => [telHref(number), displayText(number)]));
  });

  it('is plain HTML: no script, no style, nothing that loads, only links of our own', () => {
    for (const locale of LOCALE_CODES) {
      const html = render(locale);
      expect(html).not.toMatch(/<script|<style|<link|<img|<iframe|<form|\sstyle=|\son[a-z]+=/i);
      const hrefs = [...parse(html).querySelectorAll('[href]')].map((element) => element.getAttribute('href') ?? '');
      for (const href of hrefs) expect(href, locale).toMatch(/^(\/[^/]|\/#|tel:\+?\d+$)/);
    }
  });

  it('closes every element it opens', () => {
    const html = render('vi');
    for (const tag of ['html', 'head', 'title', 'body', 'main', 'h1', 'h2', 'p', 'strong', 'a']) {
      const opened = html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
      expect(html.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0, tag).toBe(opened);
    }
  });

  it('escapes what it puts in, in text and in attributes', () => {
    const html = render('en', { reference: '<script>alert(1)</script>', backHref: '/"><img src=x onerror=alert(1)>' });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
  });

  it('promises the configured number of working days', () => {
    expect(render('en', { replyPromiseWorkingDays: 1 })).toContain(
      'within 1 working day (Monday to Friday, 9:00-18:00 Korea time)',
    );
    expect(render('en', { replyPromiseWorkingDays: 3 })).toContain('within 3 working days');
    expect(render('ru', { replyPromiseWorkingDays: 1 })).toContain('в течение 1 рабочего дня');
    expect(render('ru', { replyPromiseWorkingDays: 5 })).toContain('в течение 5 рабочих дней');
  });
});
