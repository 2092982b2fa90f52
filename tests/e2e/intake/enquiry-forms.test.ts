/**
 * The four-panel enquiry accordion in the browser: one panel open at a time,
 * reset on a panel change, the required-items message, a full enquiry per
 * panel read back through the staff API with the reference the visitor is
 * shown, the failure path that keeps every value and resends the same
 * submission id, and the plain form post without JavaScript, answered with
 * the reference page in the page's language. The preferred contact channel:
 * its order per page, its check in the browser, and the stored choice.
 */
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT, telHref } from '../../../shared/content/contact';
import { copyFor } from '../../../shared/content/copy';
import { CHANNEL_ACCOUNT_RULES, CHANNEL_NAMES, CHANNEL_ORDER } from '../../../shared/intake/contact-channels';
import { RECEIPT_TEXT } from '../../../shared/intake/receipt-text';
import { type TestStack, postJson } from '../../support/stack';
import { hydrate, pageOf } from '../pages';
import { type FormPage, formParts, startFormPage, stopFormPage, storedByName, storedEnquiries } from './form-page';

const en = copyFor('en');
const PHONE_TARGETS = CONTACT.customerCentres.map(telHref);

let session: FormPage;
let stack: TestStack;
let browser: Browser;
let page: Page;
/** Requests the page made to the send route since the last `openPage`. */
let sendRequests: Request[] = [];

beforeAll(async () => {
  session = await startFormPage({ viewport: { width: 1280, height: 900 } });
  ({ stack, browser, page, sends: sendRequests } = session);
});
afterAll(() => stopFormPage(session));

const { panels, panel, form, field, submit } = formParts(() => session.page);

/** Loads a page and waits until the accordion has hydrated and its first form is ready in the browser. */
async function openPage(route: string): Promise<void> {
  sendRequests.length = 0;
  await page.goto(`${stack.url}${route}`);
  await hydrate(page, 'EnquiryAccordion');
  await form(0).locator('input[name="submission_id"]').waitFor({ state: 'attached' });
}

/** Opens a panel by its summary and waits for its fresh form. */
async function openPanel(index: number, how: 'click' | 'Enter' | 'Space' = 'click'): Promise<void> {
  await form(index).evaluate((element) => element.setAttribute('data-before-open', ''));
  const summary = panel(index).locator(':scope > summary');
  if (how === 'click') await summary.click();
  else {
    await summary.focus();
    await page.keyboard.press(how);
  }
  await page.waitForFunction(
    (i) => document.querySelectorAll('#contact details.panel')[i]?.hasAttribute('open'),
    index,
  );
  await panel(index).locator('form:not([data-before-open]) input[name="submission_id"]').waitFor({ state: 'attached' });
}

/** What the form says once an enquiry is stored, with its reference. */
const sentText = (reference: string) =>
  `${en['form.success']}. ${en['form.successReference'].replace('{reference}', reference)} ${en['form.successDetail']}`;

const openStates = () => panels().evaluateAll((all) => all.map((details) => (details as HTMLDetailsElement).open));

/** Lets the page's clock move on as a person filling the form would. */
const takeTime = () => page.clock.fastForward(5_000);

async function checkConsents(index: number, section: string): Promise<void> {
  await field(index, 'consent_privacy').check();
  if (section === '병원예약') await field(index, 'consent_health').check();
}

async function radio(index: number, value: string): Promise<Locator> {
  return form(index).locator(`input[type="radio"][value="${value}"]`);
}

describe('the accordion', () => {
  beforeAll(async () => {
    await openPage('/');
  });

  it('has the four panels, the first open by default', async () => {
    expect(await panels().locator(':scope > summary').allTextContents()).toEqual([
      'Hospital Reservation',
      'Concierge',
      'Hotel Reservation',
      'Interpretation Reservation',
    ]);
    expect(await openStates()).toEqual([true, false, false, false]);
    expect(await form(0).locator('input[name="section"]').inputValue()).toBe('병원예약');
  });

  it('keeps one panel open: opening Concierge closes Hospital', async () => {
    await openPanel(1);
    expect(await openStates()).toEqual([false, true, false, false]);
    expect(await form(1).locator('input[name="section"]').inputValue()).toBe('컨시어지');
  });

  it('opens a panel from the keyboard with Enter and with Space, closing the other', async () => {
    await openPanel(2, 'Enter');
    expect(await openStates()).toEqual([false, false, true, false]);
    await openPanel(3, 'Space');
    expect(await openStates()).toEqual([false, false, false, true]);
    await openPanel(0, 'Enter');
    expect(await openStates()).toEqual([true, false, false, false]);
    // Every summary is reachable with the keyboard.
    for (let index = 0; index < 4; index += 1) {
      await panel(index).locator(':scope > summary').focus();
      expect(
        await panel(index)
          .locator(':scope > summary')
          .evaluate((summary) => summary === document.activeElement),
      ).toBe(true);
    }
  });

  it('starts a panel afresh when it is opened again: the typed name is gone', async () => {
    await field(0, 'user_name').fill('Somebody Typed This');
    await field(0, 'message').fill('and this');
    await openPanel(1);
    await openPanel(0);
    expect(await field(0, 'user_name').inputValue()).toBe('');
    expect(await field(0, 'message').inputValue()).toBe('');
  });

  it('shows the free-text language box only when Other is chosen, and hides it again on a panel change', async () => {
    expect(await field(0, 'languageOther').count()).toBe(0);
    expect(await (await radio(0, 'English')).isChecked()).toBe(true);
    await (await radio(0, 'other')).check();
    await field(0, 'languageOther').waitFor();
    await field(0, 'languageOther').fill('Mongolian');
    await (await radio(0, 'Russian')).check();
    expect(await field(0, 'languageOther').count()).toBe(0);
    await (await radio(0, 'other')).check();
    await field(0, 'languageOther').waitFor();
    await openPanel(1);
    await openPanel(0);
    expect(await field(0, 'languageOther').count()).toBe(0);
    expect(await (await radio(0, 'English')).isChecked()).toBe(true);
  });

  it('offers every language in every form, and starts each form with the defaults: no date', async () => {
    await openPanel(3);
    for (const index of [3, 0]) {
      if (index === 0) await openPanel(0);
      expect(
        await form(index)
          .locator('input[type="radio"]')
          .evaluateAll((all) => all.map((input) => (input as HTMLInputElement).value)),
      ).toEqual(['English', 'Russian', 'Chinese', 'Vietnamese', 'Japanese', 'Korean', 'other']);
    }
    await openPanel(3);
    expect(await field(3, 'user_count').inputValue()).toBe('1');
    expect(await field(3, 'start').inputValue()).toBe('');
    expect(await field(3, 'start').getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await openPanel(2);
    const today = await field(2, 'start').getAttribute('min');
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await field(2, 'start').inputValue()).toBe('');
    expect(await field(2, 'finish').inputValue()).toBe('');
    expect(await field(2, 'finish').getAttribute('min')).toBe(today);
    await field(2, 'start').fill('2031-05-01');
    expect(await field(2, 'finish').getAttribute('min')).toBe('2031-05-01');
    expect(await field(2, 'user_Room').locator('option').allTextContents()).toEqual(['1', '2', '3', '4', '5']);
    expect(await field(2, 'user_count').locator('option').allTextContents()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    await openPanel(0);
    expect(await field(0, 'detail_section').inputValue()).toBe('상급/종합병원');
    // Date-times are labelled as Korea time, and may be left empty.
    expect(await page.locator(`#${await field(0, 'start').getAttribute('aria-describedby')}`).textContent()).toBe(
      `${en['form.koreaTime']}${en['form.dateOptional']}`,
    );
  });
});

describe('required items', () => {
  it('says "Please enter required items " on the English page and sends nothing', async () => {
    await openPage('/');
    await submit(0).click();
    const alert = form(0).locator('[role="alert"]');
    await alert.locator('p').first().waitFor();
    expect(await alert.locator('p').first().textContent()).toBe('Please enter required items ');
    expect(await field(0, 'user_name').getAttribute('aria-invalid')).toBe('true');
    expect(await field(0, 'user_email').getAttribute('aria-invalid')).toBe('true');
    expect(await field(0, 'user_name').evaluate((input) => input === document.activeElement)).toBe(true);

    // A name alone is not enough either.
    await field(0, 'user_name').fill('Only A Name');
    await submit(0).click();
    expect(await alert.locator('p').first().textContent()).toBe('Please enter required items ');
    expect(await field(0, 'user_email').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(sendRequests).toHaveLength(0);
  });

  it('says it in the page language off the English page, and sends nothing', async () => {
    const ru = copyFor('ru');
    await openPage('/RuPage');
    await openPanel(2);
    await field(2, 'user_email').fill('guest@example.test');
    await submit(2).click();
    const alert = form(2).locator('[role="alert"] p').first();
    await alert.waitFor();
    expect(await alert.textContent()).toBe(ru['form.requiredMissing']);
    expect(ru['form.requiredMissing']).not.toBe(en['form.requiredMissing']);
    expect(sendRequests).toHaveLength(0);
  });

  it('requires the consents as well', async () => {
    await openPage('/');
    await field(0, 'user_name').fill('No Consent');
    await field(0, 'user_email').fill('no-consent@example.test');
    await submit(0).click();
    await form(0).locator('[role="alert"] p').first().waitFor();
    expect(await field(0, 'consent_privacy').getAttribute('aria-invalid')).toBe('true');
    expect(await field(0, 'consent_health').getAttribute('aria-invalid')).toBe('true');
    expect(sendRequests).toHaveLength(0);
  });
});

/** The message a refused field shows beside it, found through its aria-describedby. */
async function reasonOf(index: number, name: string): Promise<string | null> {
  const input = field(index, name);
  expect(await input.getAttribute('aria-invalid'), `${name} is marked`).toBe('true');
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  expect(errorId, `${name} points to its message`).toBeTruthy();
  const message = page.locator(`#${errorId}`);
  expect(await message.isVisible()).toBe(true);
  return message.textContent();
}

describe('dates a visitor cannot get wrong, and a reason beside every refused field', () => {
  it('refuses a reservation time in the past in Korea before sending, saying why beside the field in the page language', async () => {
    const ru = copyFor('ru');
    await openPage('/RuPage');
    await field(0, 'user_name').fill('Past Time Guest');
    await field(0, 'user_email').fill('past@example.test');
    await field(0, 'start').fill('2026-01-20T10:00');
    await checkConsents(0, '병원예약');
    await takeTime();
    await submit(0).click();
    await form(0).locator('[role="alert"] p').first().waitFor();
    expect(await reasonOf(0, 'start')).toBe(ru['form.error.start.past']);
    expect(await form(0).locator('[role="alert"] p').first().textContent()).toBe(ru['form.failure.invalid']);
    expect(await field(0, 'start').evaluate((input) => input === document.activeElement)).toBe(true);
    // The Korea-time hint stays described too.
    expect(await field(0, 'start').getAttribute('aria-describedby')).toContain('enquiry-0-start-hint');
    expect(sendRequests).toHaveLength(0);
    // A later time takes the mark and the message away.
    await field(0, 'start').fill('2036-01-20T10:00');
    expect(await field(0, 'start').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#enquiry-0-start-error').count()).toBe(0);
  });

  it('moves the check-out to the day after a check-in moved past it', async () => {
    await openPage('/');
    await openPanel(2);
    await field(2, 'start').fill('2031-05-01');
    await field(2, 'finish').fill('2031-05-03');
    await field(2, 'start').fill('2031-05-10');
    expect(await field(2, 'finish').inputValue()).toBe('2031-05-11');
    // A check-in still before the check-out leaves it where it is.
    await field(2, 'start').fill('2031-05-08');
    expect(await field(2, 'finish').inputValue()).toBe('2031-05-11');
  });

  it('names a missing consent and marks its box, with the name and e-mail filled', async () => {
    const ko = copyFor('ko');
    await openPage('/KrPage');
    await openPanel(1);
    await field(1, 'user_name').fill('No Consent Guest');
    await field(1, 'user_email').fill('consent@example.test');
    await submit(1).click();
    const alert = form(1).locator('[role="alert"] p').first();
    await alert.waitFor();
    expect(await alert.textContent()).toBe(ko['form.error.consentPrivacy']);
    expect(await reasonOf(1, 'consent_privacy')).toBe(ko['form.error.consentPrivacy']);
    expect(await field(1, 'consent_privacy').evaluate((box) => getComputedStyle(box).outlineStyle)).toBe('solid');
    expect(await field(1, 'consent_privacy').evaluate((box) => box === document.activeElement)).toBe(true);
    expect(sendRequests).toHaveLength(0);
  });

  it('gives each missing required item its own message beside it', async () => {
    const vi = copyFor('vi');
    await openPage('/VnPage');
    await submit(0).click();
    await form(0).locator('[role="alert"] p').first().waitFor();
    expect(await form(0).locator('[role="alert"] p').first().textContent()).toBe(vi['form.requiredMissing']);
    expect(await reasonOf(0, 'user_name')).toBe(vi['form.error.userName']);
    expect(await reasonOf(0, 'user_email')).toBe(vi['form.error.userEmail']);
    expect(await reasonOf(0, 'consent_privacy')).toBe(vi['form.error.consentPrivacy']);
    expect(await reasonOf(0, 'consent_health')).toBe(vi['form.error.consentHealth']);
  });

  it("shows the page's own message for each field the send route names, not the route's English words", async () => {
    const ja = copyFor('ja');
    await openPage('/JpPage');
    await openPanel(2);
    await field(2, 'user_name').fill('Server Says No');
    await field(2, 'user_email').fill('server-no@example.test');
    await field(2, 'start').fill('2031-05-01');
    await field(2, 'finish').fill('2031-05-04');
    await checkConsents(2, '호텔예약');
    await takeTime();
    await page.route('**/api/sendmail', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'invalid_input',
          message: 'Please check: start, finish',
          fields: { start: 'Not in the past', finish: 'Not before the start' },
        }),
      }),
    );
    try {
      await submit(2).click();
      await form(2).locator('[role="alert"] p').first().waitFor();
      expect(await reasonOf(2, 'start')).toBe(ja['form.error.start.past']);
      expect(await reasonOf(2, 'finish')).toBe(ja['form.error.finish.beforeStart']);
      expect(await form(2).textContent()).not.toContain('Not in the past');
    } finally {
      await page.unroute('**/api/sendmail');
    }
  });

  it('lists the reasons of the fields a failed plain form post names, when the page comes back with JavaScript', async () => {
    const zh = copyFor('zh');
    await openPage('/CnPage?error=invalid_input&fields=start,finish#enquiry-failed-start');
    const failure = form(0).locator('[role="alert"]');
    await failure.locator('li').first().waitFor();
    expect(await failure.locator('li').allTextContents()).toEqual([
      zh['form.error.start.past'],
      zh['form.error.finish.beforeStart'],
    ]);
    expect(await page.locator('.form-notice').count()).toBe(0);
  });
});

describe('a full enquiry per panel', () => {
  const cases = [
    {
      index: 0,
      section: '병원예약',
      name: 'E2E Hospital Guest',
      fill: async () => {
        await field(0, 'detail_section').selectOption('치과');
        await field(0, 'user_count').selectOption('3');
        await field(0, 'start').fill('2031-03-04T10:30');
        await (await radio(0, 'Russian')).check();
      },
      expected: {
        DETAIL_SECTION: '치과',
        NUMBER_PEOPLE: 3,
        REGISTRATION_DATE: '2031-03-04 10:30',
        REGISTRATION_END: '',
        LANG_PREFERENCE: 'Russian',
        CONSENT_HEALTH: true,
        DESTINATION: '',
        HOTEL: '',
      },
    },
    {
      index: 1,
      section: '컨시어지',
      name: 'E2E Concierge Guest',
      fill: async () => {
        await field(1, 'user_count').selectOption('2');
        await field(1, 'start').fill('2031-04-01T08:15');
        await field(1, 'destination').fill('Incheon Airport, Terminal 1');
        await (await radio(1, 'Chinese')).check();
      },
      expected: {
        NUMBER_PEOPLE: 2,
        REGISTRATION_DATE: '2031-04-01 08:15',
        DESTINATION: 'Incheon Airport, Terminal 1',
        LANG_PREFERENCE: 'Chinese',
        HOTEL: '',
      },
    },
    {
      index: 2,
      section: '호텔예약',
      name: 'E2E Hotel Guest',
      fill: async () => {
        await field(2, 'user_count').selectOption('4');
        await field(2, 'user_Room').selectOption('2');
        await field(2, 'start').fill('2031-05-01');
        await field(2, 'finish').fill('2031-05-05');
        await field(2, 'hotel').fill('Grand Hotel Riverside');
        await (await radio(2, 'other')).check();
        await field(2, 'languageOther').fill('Mongolian');
      },
      expected: {
        NUMBER_PEOPLE: 4,
        ROOM: 2,
        REGISTRATION_DATE: '2031-05-01',
        REGISTRATION_END: '2031-05-05',
        HOTEL: 'Grand Hotel Riverside',
        LANG_PREFERENCE: 'Mongolian',
        DESTINATION: '',
      },
    },
    {
      index: 3,
      section: '통역예약',
      name: 'E2E Interpretation Guest',
      fill: async () => {
        await field(3, 'start').fill('2031-06-10T14:00');
        await field(3, 'destination').fill('Seoul Station');
        await (await radio(3, 'Japanese')).check();
      },
      expected: {
        NUMBER_PEOPLE: 1,
        REGISTRATION_DATE: '2031-06-10 14:00',
        DESTINATION: 'Seoul Station',
        LANG_PREFERENCE: 'Japanese',
        HOTEL: '',
      },
    },
  ] as const;

  beforeAll(async () => {
    await openPage('/');
  });

  it.each(cases)(
    'sends the $section form and the enquiry lands in the store with what was typed',
    async ({ index, section, name, fill, expected }) => {
      if (index > 0) await openPanel(index);
      const email = `${section === '병원예약' ? 'hospital' : `panel${index}`}@example.test`;
      await field(index, 'user_name').fill(name);
      await field(index, 'user_email').fill(email);
      await field(index, 'phone').fill('+82 10-1234-5678');
      await fill();
      await field(index, 'message').fill(`Message from the ${section} form: 안녕하세요, Здравствуйте.`);
      await checkConsents(index, section);
      await takeTime();
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.url().endsWith('/api/sendmail')),
        submit(index).click(),
      ]);
      expect(response.status()).toBe(200);
      const body = response.request().postDataJSON() as { data: Record<string, unknown> };
      expect(body.data['section']).toBe(section);
      const { reference } = (await response.json()) as { reference: string };
      expect(reference).toMatch(/^MT-\d{6}$/);

      const ok = form(index).locator('[role="status"] p').first();
      await ok.waitFor();
      expect(await ok.textContent()).toBe(sentText(reference));
      // The reference stands in an element of its own, to select and copy.
      expect(await form(index).locator('[role="status"] .reference').textContent()).toBe(reference);
      // The form starts again.
      expect(await field(index, 'user_name').inputValue()).toBe('');
      expect(await field(index, 'message').inputValue()).toBe('');

      const stored = await storedByName(session, name);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        NAME: name,
        REFERENCE: reference,
        EMAIL: email,
        CONTACT_NUMBER: '+82 10-1234-5678',
        MEDICAL_SECTION: section,
        CONTEXT: `Message from the ${section} form: 안녕하세요, Здравствуйте.`,
        SPAM: false,
        ...expected,
      });
    },
  );
});

describe('the preferred contact channel', () => {
  const OWN_MESSENGER_FIRST = { zh: 'wechat', vi: 'zalo', ja: 'line', ko: 'kakaotalk' } as const;

  it.each(Object.keys(OWN_MESSENGER_FIRST) as (keyof typeof OWN_MESSENGER_FIRST)[])(
    'lists the channels in the %s page order, named in its language',
    async (locale) => {
      const copy = copyFor(locale);
      await openPage(pageOf(locale).route);
      const options = await field(0, 'contact_channel')
        .locator('option')
        .evaluateAll((all) => all.map((option) => [(option as HTMLOptionElement).value, option.textContent]));
      expect(options).toEqual([
        ['', copy['form.channel.none']],
        ...CHANNEL_ORDER[locale].map((channel) => [
          channel,
          channel === 'email'
            ? copy['form.channel.email']
            : channel === 'phone'
              ? copy['form.channel.phone']
              : CHANNEL_NAMES[channel],
        ]),
      ]);
      expect(options[1]?.[0]).toBe(OWN_MESSENGER_FIRST[locale]);
    },
  );

  it('marks a bad WhatsApp number and sends nothing', async () => {
    await openPage('/');
    await field(0, 'user_name').fill('E2E Bad WhatsApp');
    await field(0, 'user_email').fill('bad-whatsapp@example.test');
    await field(0, 'contact_channel').selectOption('whatsapp');
    expect(await field(0, 'contact_account').getAttribute('placeholder')).toBe(CHANNEL_ACCOUNT_RULES.whatsapp.example);
    await field(0, 'contact_account').fill('call me on weekdays');
    await checkConsents(0, '병원예약');
    await takeTime();
    await submit(0).click();
    const alert = form(0).locator('[role="alert"] p').first();
    await alert.waitFor();
    expect(await alert.textContent()).toBe(en['form.failure.invalid']);
    expect(await field(0, 'contact_account').getAttribute('aria-invalid')).toBe('true');
    expect(await field(0, 'contact_account').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(sendRequests).toHaveLength(0);
    // Choosing another channel takes the mark away: the account is judged afresh.
    await field(0, 'contact_channel').selectOption('telegram');
    expect(await field(0, 'contact_account').getAttribute('aria-invalid')).toBeNull();
    expect(await storedByName(session, 'E2E Bad WhatsApp')).toEqual([]);
  });

  it('stores the chosen channel, the account and the page language', async () => {
    const name = 'E2E Zalo Guest';
    await openPage('/VnPage');
    await field(0, 'user_name').fill(name);
    await field(0, 'user_email').fill('zalo@example.test');
    await field(0, 'contact_channel').selectOption('zalo');
    expect(await field(0, 'contact_account').getAttribute('placeholder')).toBe(CHANNEL_ACCOUNT_RULES.zalo.example);
    await field(0, 'contact_account').fill(' +84 90 123 4567 ');
    await checkConsents(0, '병원예약');
    await takeTime();
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/sendmail')),
      submit(0).click(),
    ]);
    expect(response.status()).toBe(200);
    expect((response.request().postDataJSON() as { data: Record<string, unknown> }).data).toMatchObject({
      page_locale: 'vi',
      contact_channel: 'zalo',
      contact_account: '+84 90 123 4567',
    });
    const { reference } = (await response.json()) as { reference: string };
    const vi = copyFor('vi');
    await form(0).locator('[role="status"] .reference').waitFor();
    expect(await form(0).locator('[role="status"] p').first().textContent()).toBe(
      `${vi['form.success']}. ${vi['form.successReference'].replace('{reference}', reference)} ${vi['form.successDetail']}`,
    );
    // The form starts again, with no channel.
    expect(await field(0, 'contact_channel').inputValue()).toBe('');
    expect(await field(0, 'contact_account').inputValue()).toBe('');

    const stored = await storedByName(session, name);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      REFERENCE: reference,
      LOCALE: 'vi',
      CONTACT_CHANNEL: 'zalo',
      CONTACT_ACCOUNT: '+84 90 123 4567',
    });
  });
});

describe('when sending fails', () => {
  const NAME = 'E2E Retry Guest';

  it('keeps every value, says what happened with the phone numbers, and a retry stores exactly one enquiry with the same submission id', async () => {
    await openPage('/');
    const before = (await storedEnquiries(session)).total;
    await field(0, 'user_name').fill(NAME);
    await field(0, 'user_email').fill('retry@example.test');
    await field(0, 'phone').fill('+7 900 000-00-00');
    await field(0, 'detail_section').selectOption('안과');
    await field(0, 'user_count').selectOption('2');
    await field(0, 'start').fill('2031-07-07T09:00');
    await (await radio(0, 'Vietnamese')).check();
    await field(0, 'message').fill('Cataract surgery, please.');
    await checkConsents(0, '병원예약');
    await takeTime();

    const values = () =>
      Promise.all([
        field(0, 'user_name').inputValue(),
        field(0, 'user_email').inputValue(),
        field(0, 'phone').inputValue(),
        field(0, 'detail_section').inputValue(),
        field(0, 'user_count').inputValue(),
        field(0, 'start').inputValue(),
        field(0, 'message').inputValue(),
        field(0, 'consent_privacy').isChecked(),
        field(0, 'consent_health').isChecked(),
        form(0).locator('input[type="radio"]:checked').getAttribute('value'),
      ]);
    const typed = await values();
    expect(typed).toEqual([
      NAME,
      'retry@example.test',
      '+7 900 000-00-00',
      '안과',
      '2',
      '2031-07-07T09:00',
      'Cataract surgery, please.',
      true,
      true,
      'Vietnamese',
    ]);

    const sentIds: string[] = [];
    const attempt = async (expectedText: string, callUs: boolean) => {
      const count = sendRequests.length;
      await submit(0).click();
      const alert = form(0).locator('[role="alert"]');
      await page.waitForFunction(
        ([text]) =>
          [...document.querySelectorAll('#contact form [role="alert"] p')].some((p) => p.textContent === text),
        [expectedText],
      );
      expect(sendRequests.length).toBe(count + 1);
      sentIds.push((sendRequests.at(-1)!.postDataJSON() as { data: { submission_id: string } }).data.submission_id);
      expect(await alert.locator('p').first().textContent()).toBe(expectedText);
      const links = await alert
        .locator('a[href^="tel:"]')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(links).toEqual(callUs ? PHONE_TARGETS : []);
      expect(await values()).toEqual(typed);
      expect(await submit(0).isEnabled()).toBe(true);
    };

    await page.route('**/api/sendmail', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'unavailable', message: 'Down' }),
      }),
    );
    await attempt(en['form.failure.server'], true);
    expect(await submit(0).textContent()).toBe(en['form.retry']);

    await page.unroute('**/api/sendmail');
    await page.route('**/api/sendmail', (route) => route.abort('connectionrefused'));
    await attempt(en['form.failure.network'], true);

    await page.unroute('**/api/sendmail');
    await page.route('**/api/sendmail', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '60' },
        body: JSON.stringify({ error: 'rate_limited', message: 'Slow down' }),
      }),
    );
    await attempt(en['form.failure.rateLimited'], true);

    await page.unroute('**/api/sendmail');
    await page.route('**/api/sendmail', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'invalid_input', message: 'Bad', fields: { user_email: 'An e-mail address' } }),
      }),
    );
    await attempt(en['form.failure.invalid'], false);
    expect(await field(0, 'user_email').getAttribute('aria-invalid')).toBe('true');

    // Nothing reached the store so far.
    expect((await storedEnquiries(session)).total).toBe(before);
    expect(await storedByName(session, NAME)).toEqual([]);

    await page.unroute('**/api/sendmail');
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/sendmail')),
      submit(0).click(),
    ]);
    expect(response.status()).toBe(200);
    sentIds.push((response.request().postDataJSON() as { data: { submission_id: string } }).data.submission_id);
    await form(0).locator('[role="status"] p').first().waitFor();

    expect(new Set(sentIds).size).toBe(1);
    expect(sentIds[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const stored = await storedByName(session, NAME);
    expect(stored).toHaveLength(1);
    expect((await storedEnquiries(session)).total).toBe(before + 1);
    expect(stored[0]).toMatchObject({
      EMAIL: 'retry@example.test',
      DETAIL_SECTION: '안과',
      LANG_PREFERENCE: 'Vietnamese',
      REGISTRATION_DATE: '2031-07-07 09:00',
    });
    const record = await stack.deps.enquiries.get(stored[0]!.POST_INDEX);
    expect(record?.SUBMISSION_ID).toBe(sentIds[0]);

    // Sending the same submission again (a double click, a late retry) stores nothing new.
    const again = await postJson(stack, '/api/sendmail', response.request().postDataJSON());
    expect(again.status).toBe(200);
    expect(await storedByName(session, NAME)).toHaveLength(1);

    // After the success the form has a new submission id for the next enquiry.
    const nextId = await form(0).locator('input[name="submission_id"]').inputValue();
    expect(nextId).not.toBe(sentIds[0]);
  });
});

describe('the result of a failed plain form post, shown by the page', () => {
  beforeEach(() => {
    sendRequests.length = 0;
  });

  it('shows the failure with the phone numbers after ?error=', async () => {
    await openPage('/KrPage?error=service_unavailable#enquiry-failed');
    const ko = copyFor('ko');
    const failure = form(0).locator('[role="alert"]');
    await failure.locator('p').first().waitFor();
    expect(await failure.locator('p').first().textContent()).toBe(ko['form.failure.server']);
    expect(await failure.locator('a[href^="tel:"]').count()).toBe(2);
    // The island says it once: the static notice for pages without JavaScript is gone.
    expect(await page.locator('.form-notice').count()).toBe(0);
  });
});

describe('without JavaScript', () => {
  let plain: BrowserContext;
  let noScript: Page;

  beforeAll(async () => {
    plain = await browser.newContext({ javaScriptEnabled: false });
    noScript = await plain.newPage();
  });
  afterAll(() => plain?.close());

  /** The receipt page the send route answered: its language, heading, reference and way back. */
  async function receiptPage() {
    await noScript.locator('#reference').waitFor();
    return {
      path: new URL(noScript.url()).pathname,
      lang: await noScript.locator('html').getAttribute('lang'),
      heading: await noScript.locator('h1').textContent(),
      reference: await noScript.locator('#reference').textContent(),
      back: await noScript.locator('main p:last-child a').getAttribute('href'),
    };
  }

  it('posts the hospital form natively, is shown its reference in English, and the enquiry is stored', async () => {
    const name = 'E2E No Script Hospital';
    await noScript.goto(`${stack.url}/`);
    const hospital = noScript.locator('#contact details.panel').nth(0);
    expect(await hospital.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    await noScript.fill('#enquiry-0-user_name', name);
    await noScript.fill('#enquiry-0-user_email', 'noscript@example.test');
    await noScript.fill('#enquiry-0-phone', '+84 90 123 4567');
    await noScript.selectOption('#enquiry-0-detail_section', '피부과');
    await noScript.selectOption('#enquiry-0-user_count', '2');
    await noScript.fill('#enquiry-0-start', '2031-08-08T11:00');
    await hospital.locator('input[type="radio"][value="Chinese"]').check();
    await noScript.fill('#enquiry-0-message', 'Sent without JavaScript.');
    await noScript.check('#enquiry-0-consent_privacy');
    await noScript.check('#enquiry-0-consent_health');
    const [post] = await Promise.all([
      noScript.waitForRequest('**/api/sendmail'),
      hospital.locator('button[type="submit"]').click(),
    ]);
    const shown = await receiptPage();
    expect(shown).toEqual({
      path: '/api/sendmail',
      lang: 'en',
      heading: RECEIPT_TEXT.en.sent,
      reference: expect.stringMatching(/^MT-\d{6}$/),
      back: '/#contact',
    });

    const stored = await storedByName(session, name);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      REFERENCE: shown.reference,
      EMAIL: 'noscript@example.test',
      CONTACT_NUMBER: '+84 90 123 4567',
      MEDICAL_SECTION: '병원예약',
      DETAIL_SECTION: '피부과',
      NUMBER_PEOPLE: 2,
      REGISTRATION_DATE: '2031-08-08 11:00',
      LANG_PREFERENCE: 'Chinese',
      CONTEXT: 'Sent without JavaScript.',
      CONSENT_HEALTH: true,
      SPAM: false,
    });

    // The same form sent again (a resend, a double tap) stores nothing new and shows the same reference.
    const again = await noScript.request.post(`${stack.url}/api/sendmail`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${stack.url}/` },
      data: post.postData() ?? '',
    });
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain(`<strong id="reference">${shown.reference}</strong>`);
    expect(await storedByName(session, name)).toHaveLength(1);

    // The way back leads to the form.
    await noScript.locator('main p:last-child a').click();
    await noScript.waitForURL((url) => url.pathname === '/' && url.hash === '#contact');
  });

  it('opens another panel natively, posts it with a free-text language, and is shown its reference in the page language', async () => {
    const name = 'E2E No Script Concierge';
    await noScript.goto(`${stack.url}/RuPage`);
    const concierge = noScript.locator('#contact details.panel').nth(1);
    await concierge.locator(':scope > summary').click();
    expect(await concierge.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    await noScript.fill('#enquiry-1-user_name', name);
    await noScript.fill('#enquiry-1-user_email', 'noscript-ru@example.test');
    await noScript.fill('#enquiry-1-destination', 'Gimhae Airport');
    await concierge.locator('input[type="radio"][value="other"]').check();
    await noScript.fill('#enquiry-1-languageOther', 'Kazakh');
    await noScript.selectOption('#enquiry-1-contact_channel', 'telegram');
    await noScript.fill('#enquiry-1-contact_account', '@kazakh_guest');
    await noScript.check('#enquiry-1-consent_privacy');
    await concierge.locator('button[type="submit"]').click();
    const shown = await receiptPage();
    expect(shown).toEqual({
      path: '/api/sendmail',
      lang: 'ru',
      heading: RECEIPT_TEXT.ru.sent,
      reference: expect.stringMatching(/^MT-\d{6}$/),
      back: '/RuPage#contact',
    });
    expect(await noScript.locator('main').textContent()).toContain(RECEIPT_TEXT.ru.replyPromise(1));

    const stored = await storedByName(session, name);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      REFERENCE: shown.reference,
      LOCALE: 'ru',
      MEDICAL_SECTION: '컨시어지',
      DESTINATION: 'Gimhae Airport',
      LANG_PREFERENCE: 'Kazakh',
      CONTACT_CHANNEL: 'telegram',
      CONTACT_ACCOUNT: '@kazakh_guest',
      SPAM: false,
    });
  });

  it('tells the visitor that sending failed when the post lands back on ?error=', async () => {
    await noScript.goto(`${stack.url}/RuPage?error=service_unavailable#enquiry-failed`);
    const said = noScript.locator('#contact').getByText(copyFor('ru')['form.failure.notSent']);
    expect(await said.count(), 'no failure notice without JavaScript').toBeGreaterThan(0);
    expect(await said.first().isVisible()).toBe(true);
  });

  it("shows the named field's message when the redirect's fragment names it", async () => {
    const ru = copyFor('ru');
    await noScript.goto(`${stack.url}/RuPage?error=invalid_input&fields=start,finish#enquiry-failed-start`);
    const notice = noScript.locator('#enquiry-failed');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.getByText(ru['form.failure.notSent']).isVisible()).toBe(true);
    const shown = await notice
      .locator('li')
      .evaluateAll((items) =>
        items.filter((item) => getComputedStyle(item).display !== 'none').map((item) => item.textContent),
      );
    expect(shown).toEqual([ru['form.error.start.past']]);
    // The general fragment shows the general notice alone.
    await noScript.goto(`${stack.url}/RuPage?error=invalid_input#enquiry-failed`);
    expect(await noScript.locator('#enquiry-failed').isVisible()).toBe(true);
    expect(await noScript.locator('#enquiry-failed ul').isVisible()).toBe(false);
    // Without a failure, nothing shows.
    await noScript.goto(`${stack.url}/RuPage`);
    expect(await noScript.locator('#enquiry-failed').isVisible()).toBe(false);
  });

  it('stops a form with missing required items in the browser itself', async () => {
    const before = (await storedEnquiries(session)).total;
    await noScript.goto(`${stack.url}/`);
    await noScript.fill('#enquiry-0-user_name', 'Missing Email');
    await noScript.locator('#contact details.panel').nth(0).locator('button[type="submit"]').click();
    expect(new URL(noScript.url()).search).toBe('');
    expect(
      await noScript.$eval('#enquiry-0-user_email', (input) => (input as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    expect((await storedEnquiries(session)).total).toBe(before);
  });
});
