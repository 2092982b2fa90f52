/**
 * Reply templates and their versions in Debian's Chromium, as a staff member
 * uses them: edits a template twice, opens "이전 버전" (who saved each and
 * when), reads an earlier version whole, restores it after confirming, and
 * finds it kept over a reload and recorded in the access log as a restore; a
 * colleague's save meanwhile is shown instead of restored over. axe finds
 * nothing on the page with the history open.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../../../shared/audit-actions';
import { formatKoreaDate } from '../../../shared/korea-time';
import { TEMPLATES_TEXT } from '../../../site/src/staff/templates/words';
import { STAFF_TEXT } from '../../../site/src/staff/core/words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { STAFF, type TestStack, getWithToken, postJson, signIn, startTestStack } from '../../support/stack';
import { axeViolations, eventually } from '../../support/page-checks';

const TEXT = TEMPLATES_TEXT.history;

let stack: TestStack;
let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  token = await signIn(stack);
  page = await signedInPage(browser, token);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

const subject = () => page.getByLabel(STAFF_TEXT.reply.subject, { exact: true });
const body = () => page.getByLabel(STAFF_TEXT.reply.body, { exact: true });
const historyRows = () =>
  page
    .locator('#template-history-list tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent ?? '')),
    );

/** Opens the templates page on the hotel template in English. */
async function openHotelEnglish() {
  await page.goto(`${stack.url}/templates`);
  await page.getByLabel(TEMPLATES_TEXT.templatesPage.section).selectOption('호텔예약');
  await page.getByLabel(TEMPLATES_TEXT.templatesPage.language).selectOption('en');
}

async function saveWith(fields: { subject?: string; body?: string }) {
  if (fields.subject !== undefined) await subject().fill(fields.subject);
  if (fields.body !== undefined) await body().fill(fields.body);
  await page.getByRole('button', { name: STAFF_TEXT.save, exact: true }).click();
  await eventually(() => page.getByText(TEMPLATES_TEXT.templatesPage.saved).isVisible()).toBe(true);
}

describe('the versions of a reply template', () => {
  it('edits twice, lists who saved each version and when, reads one whole and restores it once confirmed', async () => {
    await openHotelEnglish();
    await saveWith({ subject: 'Your hotel {reference}', body: 'Dear {name},\nyour room is booked.' });
    await saveWith({ body: 'Dear {name},\nyour room is booked from 12 December.' });

    await page.getByRole('button', { name: TEXT.show }).click();
    await eventually(historyRows).toEqual([
      [TEXT.revision(2), STAFF.email, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), TEXT.current],
      [TEXT.revision(1), STAFF.email, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), ''],
      [TEXT.revision(0), '-', '-', TEXT.isDefault],
    ]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: TEXT.viewOf(1) }).click();
    const version = page.getByRole('region', { name: TEXT.revision(1) });
    await eventually(() => version.textContent()).toContain('your room is booked.');
    await version.getByRole('button', { name: TEXT.restore }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.confirmTitle(1) });
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: TEXT.confirm }).click();

    await eventually(() => page.getByText(TEXT.restored(1, 3)).isVisible()).toBe(true);
    expect(await body().inputValue()).toBe('Dear {name},\nyour room is booked.');
    await eventually(async () => (await historyRows())[0]).toEqual([
      TEXT.revision(3),
      STAFF.email,
      expect.any(String),
      `${TEXT.current} · ${TEXT.restoredFrom(1)}`,
    ]);

    await openHotelEnglish();
    await eventually(() => body().inputValue()).toBe('Dear {name},\nyour room is booked.');
    const today = formatKoreaDate(Date.now());
    const log = (await (
      await getWithToken(
        stack,
        `/api/access-log?${new URLSearchParams({ from: today, to: today, action: 'template.restore' })}`,
        token,
      )
    ).json()) as { entries: AccessLogEntry[] };
    expect(JSON.parse(log.entries[0]?.target ?? '{}')).toMatchObject({
      template: '호텔예약#en',
      revision: 3,
      from: 2,
      restoredFrom: 1,
      body: { removed: ['your room is booked from 12 December.'], added: ['your room is booked.'] },
    });
  });

  it("shows a colleague's save made meanwhile instead of restoring over it", async () => {
    await openHotelEnglish();
    await eventually(() => subject().inputValue()).toBe('Your hotel {reference}');
    await page.getByRole('button', { name: TEXT.show }).click();
    await page.getByRole('button', { name: TEXT.viewOf(2) }).click();
    // A colleague saves while the page is open.
    const colleague = await postJson(
      stack,
      '/api/templates',
      {
        data: {
          section: '호텔예약',
          locale: 'en',
          revision: 3,
          subject: 'Colleague {reference}',
          body: 'Colleague {name}',
        },
      },
      token,
    );
    expect(colleague.status).toBe(200);
    await page
      .getByRole('region', { name: TEXT.revision(2) })
      .getByRole('button', { name: TEXT.restore })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: TEXT.confirm }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe(TEXT.conflict);
    expect(await subject().inputValue()).toBe('Colleague {reference}');
  });
});
