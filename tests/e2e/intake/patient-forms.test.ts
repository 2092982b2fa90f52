/**
 * The enquiry forms as Japanese, Russian and Vietnamese patients meet them on
 * a phone (Chromium at 390 × 844, touch): each page offers its own language
 * as the one needed, chosen already, in every form; no date is put in the
 * form, and one left empty reaches the store and the acknowledgement as "no
 * preference"; opening a second panel leaves its header on the screen; the
 * message shows how much of it fits and is never cut; a form sent within
 * 3 s is asked again, in the page's language, and stored once it is. The
 * forms are photographed on the phone into test-results/phone-forms/.
 */
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFor } from '../../../shared/content/copy';
import { CONFIRM_NEEDED, ENQUIRY_LIMITS, messageLength } from '../../../shared/intake/form-fields';
import { RECEIPT_TEXT } from '../../../shared/intake/receipt-text';
import type { LocaleCode } from '../../../shared/locales';
import { type TestStack, capturedMail, postJson } from '../../support/stack';
import { hydrate, pageOf } from '../pages';
import { type FormPage, formParts, startFormPage, stopFormPage, storedByName } from './form-page';

/** Where the phone photographs of the forms go (git-ignored, kept after the run). */
const SHOTS = join('test-results', 'phone-forms');
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

let session: FormPage;
let stack: TestStack;
let page: Page;
let sendRequests: Request[] = [];

beforeAll(async () => {
  session = await startFormPage(PHONE);
  ({ stack, page, sends: sendRequests } = session);
});
afterAll(() => stopFormPage(session));

const { panel, form, field, submit } = formParts(() => page);
const summary = (index: number) => panel(index).locator(':scope > summary');
const checked = (index: number) => form(index).locator('input[name="user_language"]:checked');

async function openPage(locale: LocaleCode): Promise<void> {
  sendRequests.length = 0;
  await page.goto(`${stack.url}${pageOf(locale).route}`);
  await hydrate(page, 'EnquiryAccordion');
  await form(0).locator('input[name="submission_id"]').waitFor({ state: 'attached' });
}

/** Taps a panel's header, as a thumb does, and waits for its fresh form. */
async function tapPanel(index: number): Promise<void> {
  await form(index).evaluate((element) => element.setAttribute('data-before-open', ''));
  await summary(index).tap();
  await panel(index).locator('form:not([data-before-open]) input[name="submission_id"]').waitFor({ state: 'attached' });
}

/** Lets the page's clock move on as a person filling the form would. */
const takeTime = () => page.clock.fastForward(5_000);

async function fillContact(index: number, name: string, email: string): Promise<void> {
  await field(index, 'user_name').fill(name);
  await field(index, 'user_email').fill(email);
  await field(index, 'consent_privacy').check();
  if (index === 0) await field(index, 'consent_health').check();
}

/** Sends a form and answers the send route's answer. */
async function send(index: number) {
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/sendmail')),
    submit(index).tap(),
  ]);
  return response;
}

describe("the language needed: each page's own, offered and chosen in every form", () => {
  const OWN = { ja: ['Japanese', '日本語'], ru: ['Russian', 'Русский'], vi: ['Vietnamese', 'Tiếng Việt'] } as const;

  it.each(Object.keys(OWN) as (keyof typeof OWN)[])('on the %s page', async (locale) => {
    const [value, label] = OWN[locale];
    await openPage(locale);
    for (const index of [0, 1, 2, 3]) {
      if (index > 0) await tapPanel(index);
      expect(await checked(index).getAttribute('value'), `panel ${index}`).toBe(value);
      expect(await checked(index).locator('xpath=..').textContent(), `panel ${index}`).toBe(label);
    }
  });

  it('stores the Japanese patient’s hotel enquiry with Japanese, untouched', async () => {
    const name = 'E2E Japanese Hotel Guest';
    await openPage('ja');
    await tapPanel(2);
    await fillContact(2, name, 'hotel-ja@example.test');
    await takeTime();
    expect((await send(2)).status()).toBe(200);
    const [stored] = await storedByName(session, name);
    expect(stored).toMatchObject({ LANG_PREFERENCE: 'Japanese', LOCALE: 'ja' });
  });
});

describe('the preferred date: the patient’s choice, or no preference', () => {
  it('puts no date in any form; one left empty reaches the store and the Russian acknowledgement as no preference', async () => {
    const ru = copyFor('ru');
    await openPage('ru');
    expect(await field(0, 'start').inputValue()).toBe('');
    expect(await form(0).locator('.field__hint').filter({ hasText: ru['form.dateOptional'] }).count()).toBe(1);
    for (const index of [1, 2, 3]) {
      await tapPanel(index);
      expect(await field(index, 'start').inputValue(), `panel ${index}`).toBe('');
    }
    expect(await field(3, 'start').inputValue()).toBe('');
    await tapPanel(2);
    expect(await field(2, 'finish').inputValue()).toBe('');

    await tapPanel(0);
    const name = 'E2E Russian No Date';
    const email = 'no-date-ru@example.test';
    await fillContact(0, name, email);
    await takeTime();
    const response = await send(0);
    expect(response.status()).toBe(200);
    expect((response.request().postDataJSON() as { data: Record<string, unknown> }).data['start']).toBe('');
    const [stored] = await storedByName(session, name);
    expect(stored).toMatchObject({ REGISTRATION_DATE: '', REGISTRATION_END: '' });

    const text = RECEIPT_TEXT.ru;
    const ack = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(email));
    expect(ack?.body.text).toContain(`${text.mail.start}${text.colon}${text.mail.noPreference}`);
    expect(ack?.body.text).not.toMatch(/Желаемые дата и время: \d/);
  });

  it('sends a date the patient chose, and the acknowledgement names it', async () => {
    await openPage('ru');
    const name = 'E2E Russian Chosen Date';
    const email = 'chosen-date-ru@example.test';
    await fillContact(0, name, email);
    await field(0, 'start').fill('2031-12-02T13:50');
    await takeTime();
    expect((await send(0)).status()).toBe(200);
    const [stored] = await storedByName(session, name);
    expect(stored?.REGISTRATION_DATE).toBe('2031-12-02 13:50');
    const ack = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(email));
    expect(ack?.body.text).toContain(`${RECEIPT_TEXT.ru.mail.start}: 2 декабря 2031 г., 13:50`);
  });
});

describe('a second panel opened on the phone', () => {
  /** Where a panel's header stands: its top, the bottom of the page's sticky header, and the screen's height. */
  const headerPlace = (index: number) =>
    summary(index).evaluate((header) => ({
      top: header.getBoundingClientRect().top,
      covered: document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0,
      screen: window.innerHeight,
    }));

  /** Waits until the panel's header is on the screen, below the sticky header (the page may scroll smoothly there). */
  const headerInView = (index: number) =>
    page.waitForFunction((i) => {
      const header = document.querySelectorAll('#contact details.panel > summary')[i];
      const top = header?.getBoundingClientRect().top ?? Number.NaN;
      const covered = document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0;
      return top >= covered - 1 && top < window.innerHeight;
    }, index);

  it.each([
    ['ru', 0, 1],
    ['ru', 1, 2],
    ['ja', 0, 3],
    ['vi', 2, 3],
  ] as const)(
    'on the %s page, with panel %i open, keeps the header of panel %i in view',
    async (locale, before, after) => {
      await openPage(locale);
      if (before > 0) await tapPanel(before);
      // The open form is taller than the phone's screen: closing it moves everything below it up by a screen or more.
      expect(await form(before).evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(844);
      await summary(after).scrollIntoViewIfNeeded();
      await tapPanel(after);
      await headerInView(after);
      const place = await headerPlace(after);
      expect(place.top).toBeGreaterThanOrEqual(place.covered - 1);
      expect(place.top).toBeLessThan(place.screen);
      expect(await panel(before).evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    },
  );

  it('leaves the header where it is when it is in view already (opening the panel above)', async () => {
    await openPage('ru');
    await tapPanel(1);
    await summary(0).evaluate((header) => header.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const before = await headerPlace(0);
    await tapPanel(0);
    await headerInView(0);
    // Still mid-screen, give or take the browser's own anchoring: not brought up under the sticky header.
    expect(Math.abs((await headerPlace(0)).top - before.top)).toBeLessThan(24);
    expect(before.top).toBeGreaterThan(before.covered + 100);
  });
});

describe('the length of the message', () => {
  const count = (index: number) => form(index).locator('.field__count');

  it('shows how much fits, refuses more with a message in the page language, cuts nothing, and sends once it fits', async () => {
    const vi = copyFor('vi');
    const numbers = new Intl.NumberFormat('vi');
    const limit = ENQUIRY_LIMITS.messageMax;
    await openPage('vi');
    expect(await count(0).locator('[aria-hidden="true"]').textContent()).toBe(`0 / ${numbers.format(limit)}`);
    const name = 'E2E Vietnamese Long Message';
    await fillContact(0, name, 'long-vi@example.test');
    const opening = 'Tôi muốn khám sức khỏe tổng quát. ';
    await field(0, 'message').fill(opening);
    expect(await count(0).locator('[aria-hidden="true"]').textContent()).toBe(
      `${numbers.format(messageLength(opening))} / ${numbers.format(limit)}`,
    );

    // A long paste, as a keyboard or the clipboard puts it in (a maxlength would cut it here, without a word).
    const long = 'Chúng tôi cần phiên dịch. '.repeat(200);
    await field(0, 'message').focus();
    await page.keyboard.insertText(long);
    const typed = `${opening}${long}`;
    expect(await field(0, 'message').inputValue()).toBe(typed);
    const length = messageLength(typed);
    expect(length).toBeGreaterThan(limit);
    expect(await count(0).locator('[aria-hidden="true"]').textContent()).toBe(
      `${numbers.format(length)} / ${numbers.format(limit)}`,
    );
    expect(await count(0).getAttribute('class')).toContain('field__count--over');
    expect(await field(0, 'message').getAttribute('aria-invalid')).toBe('true');
    const reason = page.locator('#enquiry-0-message-error');
    expect(await reason.isVisible()).toBe(true);
    expect(await reason.textContent()).toBe(vi['form.error.messageTooLong']);
    expect(vi['form.error.messageTooLong']).toContain(numbers.format(limit));

    // Sending now sends nothing: the message is marked and focused.
    await takeTime();
    await submit(0).tap();
    await form(0).locator('[role="alert"] p').first().waitFor();
    expect(await field(0, 'message').evaluate((box) => box === document.activeElement)).toBe(true);
    expect(sendRequests).toHaveLength(0);
    expect(await field(0, 'message').inputValue()).toBe(typed);

    // The server refuses a message past the limit too, with a clear field error, and stores nothing.
    const refused = await postJson(stack, '/api/sendmail', {
      data: { ...(await formBody()), message: typed },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({
      message: 'At most 5,000 characters; nothing was stored or cut, shorten it and send it again',
    });

    // Shortened to the limit, it fits and goes.
    const fits = typed.slice(0, limit);
    await field(0, 'message').fill(fits);
    expect(await count(0).getAttribute('class')).not.toContain('field__count--over');
    expect(await page.locator('#enquiry-0-message-error').count()).toBe(0);
    expect((await send(0)).status()).toBe(200);
    const [stored] = await storedByName(session, name);
    expect(stored?.CONTEXT).toBe(fits.trim());
  });

  /** A valid body of the Vietnamese hospital form, as the page would send it. */
  async function formBody(): Promise<Record<string, unknown>> {
    return {
      user_name: 'E2E Long Message Server',
      user_email: 'long-server@example.test',
      section: '병원예약',
      consent_privacy: true,
      consent_health: true,
      page_locale: 'vi',
      form_fill_ms: 20_000,
    };
  }
});

describe('a form sent within 3 s of loading', () => {
  it('is not told it was sent: the Japanese patient is asked to confirm, and the second send is stored as any other', async () => {
    const ja = copyFor('ja');
    await openPage('ja');
    // The page's clock stands still: the send comes at once after the form appeared, as autofill or a fast typist's does.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
    const name = 'E2E Japanese Fast Typist';
    await fillContact(0, name, 'fast-ja@example.test');
    const first = await send(0);
    expect(first.status()).toBe(409);
    expect(((await first.json()) as { error: string }).error).toBe(CONFIRM_NEEDED);
    const prompt = form(0).locator('[role="alert"] p').first();
    await prompt.waitFor();
    expect(await prompt.textContent()).toBe(ja['form.confirm.prompt']);
    expect(await submit(0).textContent()).toBe(ja['form.confirm.submit']);
    await form(0)
      .locator('.form-actions')
      .evaluate((actions) => actions.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SHOTS, 'ja-confirm.png') });
    expect(await form(0).locator('[role="status"] .reference').count()).toBe(0);
    // Nothing is filed, as an enquiry or as suspected spam; everything typed is still there.
    expect(await storedByName(session, name)).toEqual([]);
    expect(await field(0, 'user_name').inputValue()).toBe(name);

    // The patient reads the prompt and sends again, past the fill time: stored, and told so with the reference.
    await page.clock.fastForward(4_000);
    await page.clock.resume();
    const second = await send(0);
    expect(second.status()).toBe(200);
    const ids = sendRequests.map(
      (request) => (request.postDataJSON() as { data: { submission_id: string } }).data.submission_id,
    );
    expect(new Set(ids).size).toBe(1);
    const { reference } = (await second.json()) as { reference: string };
    await form(0).locator('[role="status"] .reference').waitFor();
    expect(await form(0).locator('[role="status"] .reference').textContent()).toBe(reference);
    const stored = await storedByName(session, name);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ REFERENCE: reference, SPAM: false, STATUS: 'new' });
  });
});

describe('the forms on the phone, photographed', () => {
  it.each(['ja', 'ru'] as const)('on the %s page, every panel', async (locale) => {
    await openPage(locale);
    for (const index of [0, 1, 2, 3]) {
      if (index > 0) await tapPanel(index);
      await field(index, 'message').fill(index === 0 ? 'x'.repeat(ENQUIRY_LIMITS.messageMax + 12) : '');
      await panel(index).screenshot({ path: join(SHOTS, `${locale}-panel-${index}.png`) });
    }
  });
});
