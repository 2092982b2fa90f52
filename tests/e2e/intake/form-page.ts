/**
 * What the browser tests of the enquiry forms share: a private stack and a
 * page on it whose requests stay local, whose sends are recorded and whose
 * clock the test controls (the page times how long a form takes to fill:
 * faster than 3 s is asked again), the accordion's parts on it, and what the
 * staff API lists of what was stored.
 */
import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import { LIST_HEADERS } from '../../../shared/enquiries/pagination';
import { launchBrowser } from '../../support/browser';
import { type TestStack, postJson, signIn, startTestStack } from '../../support/stack';
import { keepRequestsLocal } from '../pages';

export interface FormPage {
  stack: TestStack;
  browser: Browser;
  page: Page;
  /** A staff token, to read back what was stored. */
  token: string;
  /** The page's requests to the send route, in order; empty it (`length = 0`) to count afresh. */
  sends: Request[];
}

export async function startFormPage(options: BrowserContextOptions): Promise<FormPage> {
  const [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  const token = await signIn(stack);
  const context = await browser.newContext(options);
  await keepRequestsLocal(context, stack.url);
  const page = await context.newPage();
  const sends: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sendmail') sends.push(request);
  });
  // A controlled clock lets a test fill at machine speed and still count as a person, or not, as it chooses.
  await page.clock.install();
  return { stack, browser, page, token, sends };
}

export async function stopFormPage(session: FormPage | undefined): Promise<void> {
  await session?.browser.close();
  await session?.stack.dispose();
}

/** The accordion's panels, forms, fields and send buttons on the page `current` names. */
export function formParts(current: () => Page) {
  const panels = () => current().locator('#contact details.panel');
  const panel = (index: number) => panels().nth(index);
  const form = (index: number) => panel(index).locator('form');
  return {
    panels,
    panel,
    form,
    field: (index: number, name: string) => current().locator(`#enquiry-${index}-${name}`),
    submit: (index: number) => form(index).locator('button[type="submit"]'),
  };
}

/** Every stored enquiry (ordinary and suspected spam) as the staff API lists them, newest first, and how many. */
export async function storedEnquiries(session: FormPage): Promise<{ records: EnquiryRecord[]; total: number }> {
  const lists = await Promise.all(
    [false, true].map(async (spam) => {
      const response = await postJson(session.stack, '/api/view', { limit: 100, spam }, session.token);
      expect(response.status).toBe(200);
      return {
        records: (await response.json()) as EnquiryRecord[],
        total: Number(response.headers.get(LIST_HEADERS.totalCount)),
      };
    }),
  );
  return { records: lists.flatMap((list) => list.records), total: lists.reduce((sum, list) => sum + list.total, 0) };
}

export async function storedByName(session: FormPage, name: string): Promise<EnquiryRecord[]> {
  return (await storedEnquiries(session)).records.filter((record) => record.NAME === name);
}
