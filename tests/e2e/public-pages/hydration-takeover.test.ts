/**
 * No input lost when the islands wake. On a phone-slow browser (CPU 4x slower,
 * slow 4G) a visitor types, ticks, chooses and opens a panel in the
 * server-rendered enquiry forms while the island's code is held back; the code
 * is then let through and the island hydrates. Every value, box, radio, open
 * panel and disclosure, the focused field and its caret are as the visitor
 * left them, and the island's own state holds them too (the next keystroke
 * lands at the caret, a send carries the values). The same for values set at
 * once, as autofill does, with and without throttling; and the video list
 * keeps the focused button. Holding the code makes the order certain: no
 * test here depends on how fast the machine is.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../support/browser';
import { type TestStack, startTestStack } from '../../support/stack';
import { hydrate, keepRequestsLocal, sleepingIsland } from '../pages';
import { type HeldIsland, emulateSlowPhone, holdIsland } from '../slow-phone';

/** What the visitor sees of the accordion: every control, the open panels and disclosures, the focus and its caret. */
interface AccordionState {
  /** `form index:name` (radios and boxes: `:value` too) to the value or the checked state. */
  controls: Record<string, { value: string; checked: boolean; kind: string }>;
  openPanels: boolean[];
  openDisclosures: boolean[];
  focused: string | null;
  caret: [number | null, number | null];
}

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What the page logged as an error: a hydration that did not match the page (React says so and renders afresh). */
let pageErrors: string[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await keepRequestsLocal(context, stack.url);
  page = await context.newPage();
  pageErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterEach(async () => {
  await context?.close();
});

function readAccordion(): AccordionState {
  const forms = [...document.querySelectorAll<HTMLFormElement>('#contact form')];
  const controls: AccordionState['controls'] = {};
  forms.forEach((form, index) => {
    for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input, select, textarea',
    )) {
      if (control.type === 'hidden') continue;
      const box = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
      controls[`${index}:${control.name}${box ? `:${control.value}` : ''}`] = {
        value: control.value,
        checked: box && (control as HTMLInputElement).checked,
        kind: box ? 'box' : control.type,
      };
    }
  });
  const active = document.activeElement as HTMLInputElement | null;
  const activeForm = active?.form ? forms.indexOf(active.form) : -1;
  return {
    controls,
    openPanels: [...document.querySelectorAll<HTMLDetailsElement>('#contact details.panel')].map(
      (details) => details.open,
    ),
    openDisclosures: [...document.querySelectorAll<HTMLDetailsElement>('#contact form details')].map(
      (details) => details.open,
    ),
    focused: activeForm >= 0 ? `${activeForm}:${active?.name}` : (active?.tagName ?? null),
    caret: active && 'selectionStart' in active ? [active.selectionStart, active.selectionEnd] : [null, null],
  };
}

const accordion = () => page.evaluate(readAccordion);
const field = (form: number, name: string) => page.locator(`#enquiry-${form}-${name}`);
const panelSummary = (form: number) => page.locator('#contact details.panel > summary').nth(form);
const radio = (form: number, value: string) =>
  page.locator('#contact form').nth(form).locator(`input[name="user_language"][value="${value}"]`);
const islandAsleep = () => page.locator(sleepingIsland('EnquiryAccordion')).count();

/** Lets the island's code through and waits until it has hydrated and rendered its first browser render (forms judged by the script: `noValidate`). */
async function wake(held: HeldIsland): Promise<void> {
  await held.requested;
  held.release();
  await hydrate(page, 'EnquiryAccordion');
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLFormElement>('#contact form')].every((form) => form.noValidate),
  );
  // Effects and the renders they cause run within the next frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(pageErrors).toEqual([]);
}

/**
 * What the visitor put in survives: every box and radio as it was, every control that held something holds
 * exactly that. An empty control may show its default once the island knows the clock (an untouched date).
 */
function expectKept(before: AccordionState, after: AccordionState): void {
  for (const [key, control] of Object.entries(before.controls)) {
    if (control.kind === 'box') expect(after.controls[key]?.checked, key).toBe(control.checked);
    else if (control.value !== '') expect(after.controls[key]?.value, key).toBe(control.value);
  }
  expect(after.openPanels).toEqual(before.openPanels);
  expect(after.openDisclosures).toEqual(before.openDisclosures);
  expect(after.focused).toBe(before.focused);
  expect(after.caret).toEqual(before.caret);
}

/** Sends the form from the page and answers it here: the JSON the island built from its own state. */
async function sentBody(form: number): Promise<Record<string, unknown>> {
  const sent = new Promise<Request>(
    (resolve) =>
      void page.route('**/api/sendmail', async (route) => {
        resolve(route.request());
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ reference: 'MT-000001' }),
        });
      }),
  );
  await page.locator('#contact form').nth(form).locator('button[type="submit"]').click();
  return ((await sent).postDataJSON() as { data: Record<string, unknown> }).data;
}

describe('the enquiry accordion takes over what the visitor did before it woke', () => {
  it('typed, ticked, chosen and opened on a slow phone', async () => {
    await emulateSlowPhone(page);
    const held = await holdIsland(page, 'EnquiryAccordion');
    await page.goto(`${stack.url}/`, { waitUntil: 'domcontentloaded' });
    await page.locator('#contact').scrollIntoViewIfNeeded();

    // The first panel, open by default: a name, both consents, a subject, and a language in the free-text box
    // (always there without the island) with no radio chosen for it.
    await field(0, 'user_name').pressSequentially('Ada Lovelace');
    await field(0, 'languageOther').pressSequentially('Tagalog');
    await field(0, 'detail_section').selectOption('종합검진');
    await field(0, 'consent_privacy').check();
    await field(0, 'consent_health').check();

    // Then the hotel panel, opened natively (the first closes), filled in, its consent details opened.
    await panelSummary(2).click();
    await field(2, 'user_name').pressSequentially('Grace Hopper');
    await field(2, 'user_email').pressSequentially('grace@example.test');
    await field(2, 'phone').pressSequentially('+1 555 0100');
    await field(2, 'contact_channel').selectOption('whatsapp');
    await field(2, 'contact_account').pressSequentially('+15550100');
    await field(2, 'user_count').selectOption('3');
    await field(2, 'user_Room').selectOption('2');
    await field(2, 'start').fill('2036-12-10');
    await field(2, 'finish').fill('2036-12-14');
    await field(2, 'hotel').pressSequentially('Harbour Hotel');
    await radio(2, 'other').check();
    await field(2, 'languageOther').pressSequentially('Mongolian');
    await field(2, 'message').pressSequentially('Two rooms near the hospital, please.');
    await field(2, 'consent_privacy').check();
    await page.locator('#contact form').nth(2).locator('.consent details > summary').click();

    // The visitor is back in the name, the caret between "Grace" and " Hopper".
    await field(2, 'user_name').click();
    await page.keyboard.press('End');
    for (let step = 0; step < ' Hopper'.length; step += 1) await page.keyboard.press('ArrowLeft');

    expect(await islandAsleep()).toBe(1);
    const before = await accordion();
    expect(before.openPanels).toEqual([false, false, true, false]);
    expect(before.caret).toEqual([5, 5]);

    await wake(held);
    expectKept(before, await accordion());

    // The island's state agrees with the page: the next key lands at the caret, and a send carries every value.
    await page.keyboard.type(' B.');
    expect(await field(2, 'user_name').inputValue()).toBe('Grace B. Hopper');
    const body = await sentBody(2);
    expect(body).toMatchObject({
      user_name: 'Grace B. Hopper',
      user_email: 'grace@example.test',
      phone: '+1 555 0100',
      section: '호텔예약',
      contact_channel: 'whatsapp',
      contact_account: '+15550100',
      user_count: 3,
      user_Room: 2,
      start: '2036-12-10',
      finish: '2036-12-14',
      hotel: 'Harbour Hotel',
      user_language: 'Mongolian',
      message: 'Two rooms near the hospital, please.',
      consent_privacy: true,
    });

    // The island knows the hotel panel was the open one: choosing the first section again starts its form
    // afresh, as docs/contract.md ('The enquiry form's start state') says of every section change once the island is awake.
    await panelSummary(0).click();
    await expect.poll(() => field(0, 'user_name').inputValue()).toBe('');
    expect(await field(0, 'languageOther').count()).toBe(0);
  });

  it.each([
    { throttled: true, label: 'on a slow phone' },
    { throttled: false, label: 'at full speed' },
  ])('filled at once, as autofill does, $label', async ({ throttled }) => {
    if (throttled) await emulateSlowPhone(page);
    const held = await holdIsland(page, 'EnquiryAccordion');
    await page.goto(`${stack.url}/`, { waitUntil: 'domcontentloaded' });
    await field(0, 'user_name').focus();
    // Autofill sets every field of the address card in one go, each with an input and a change event.
    await page.evaluate(() => {
      const card: Record<string, string> = {
        user_name: 'Ada Lovelace',
        user_email: 'ada@example.test',
        phone: '+44 20 7946 0000',
      };
      for (const [name, value] of Object.entries(card)) {
        const input = document.querySelector<HTMLInputElement>(`#enquiry-0-${name}`);
        if (!input) throw new Error(`no field ${name}`);
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await field(0, 'consent_privacy').check();
    await field(0, 'consent_health').check();
    await field(0, 'user_name').focus();

    expect(await islandAsleep()).toBe(1);
    const before = await accordion();
    expect(before.focused).toBe('0:user_name');

    await wake(held);
    expectKept(before, await accordion());
    const body = await sentBody(0);
    expect(body).toMatchObject({
      user_name: 'Ada Lovelace',
      user_email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      consent_privacy: true,
      consent_health: true,
    });
  });
});

describe('the clinic video list takes over the focus', () => {
  it('keeps the button the visitor moved to', async () => {
    await emulateSlowPhone(page);
    const held = await holdIsland(page, 'ClinicVideoPlayer');
    await page.goto(`${stack.url}/`, { waitUntil: 'domcontentloaded' });
    const third = page.locator('#videos .player__item').nth(2);
    await third.focus();
    const label = await third.textContent();
    expect(await page.locator(sleepingIsland('ClinicVideoPlayer')).count()).toBe(1);

    await held.requested;
    held.release();
    await hydrate(page, 'ClinicVideoPlayer');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(label);
    // The island handles the focused button: Enter plays that video.
    await page.keyboard.press('Enter');
    expect(await page.locator('#videos .player__now').textContent()).toContain(label);
  });
});
