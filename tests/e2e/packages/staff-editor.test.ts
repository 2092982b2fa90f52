/**
 * The BEST 3 editor in Debian's Chromium against a local stack: titles edited
 * in the edit dialog show on the English and Korean public boards; a PNG
 * uploaded through the dialog shows (and loads) on the board; a file that is
 * not an image is refused, by the client when its type says so and by the
 * server when only its type claims to be an image.
 */
import sharp from 'sharp';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import type { BestPackage } from '../../../shared/packages/best-package';
import { launchBrowser } from '../../support/browser';
import { type TestStack, signIn, startTestStack } from '../../support/stack';
import { awakeIsland } from '../pages';
import { eventually } from '../../support/page-checks';

/** Retries until the page shows what is expected; a loaded 2-core machine can take seconds. */

let stack: TestStack;
let browser: Browser;
let staff: BrowserContext;
let page: Page;
/** Every request the staff page made, to show what was (not) sent. */
const requests: Request[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  const token = await signIn(stack);
  staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await staff.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  page = await staff.newPage();
  page.on('request', (request) => requests.push(request));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

async function packages(): Promise<BestPackage[]> {
  const response = await fetch(`${stack.url}/api/amendBest`);
  expect(response.status).toBe(200);
  return (await response.json()) as BestPackage[];
}

interface BoardItem {
  title: string;
  src: string;
  naturalWidth: number;
}

/**
 * The BEST 3 board of a public page as a first-time visitor sees it (a fresh
 * profile, so nothing cached): scrolled to #best so the island loads, each
 * item's title and image once the images have loaded.
 */
async function publicBoard(route: string): Promise<BoardItem[]> {
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const local = new URL(stack.url).host;
  // There is no internet here: anything that would leave the stack gets an empty answer.
  await visitor.route(
    (url) => url.protocol.startsWith('http') && url.host !== local,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
  );
  try {
    const visit = await visitor.newPage();
    const response = await visit.goto(`${stack.url}${route}`);
    expect(response?.status()).toBe(200);
    await visit.locator('#best').scrollIntoViewIfNeeded();
    await visit.waitForSelector(awakeIsland('BestBoard'), { state: 'attached' });
    const items = visit.locator('#best .board__item');
    await visit.waitForFunction(() => document.querySelectorAll('#best .board__item').length === 3);
    await items.first().scrollIntoViewIfNeeded();
    // Lazy images: bring each into view and wait until it has finished (loaded or failed).
    for (let i = 0; i < 3; i += 1) await items.nth(i).locator('img').scrollIntoViewIfNeeded();
    await visit.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('#best .board__item img')].every((image) => image.complete),
    );
    return await items.evaluateAll((elements) =>
      elements.map((element) => {
        const image = element.querySelector('img') as HTMLImageElement;
        return {
          title: element.querySelector('h3')?.textContent ?? '',
          src: image.getAttribute('src') ?? '',
          naturalWidth: image.naturalWidth,
        };
      }),
    );
  } finally {
    await visitor.close();
  }
}

/** Opens the editor and the edit dialog of one package. */
async function openEditDialog(index: number) {
  await page.goto(`${stack.url}/editpage`);
  await page.getByRole('button', { name: `수정 BEST ${index}` }).click();
  const dialog = page.getByRole('dialog', { name: `BEST ${index} · 수정` });
  await dialog.waitFor();
  return dialog;
}

const saveResponse = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/modalinput');

describe('edit dialog', () => {
  const english = 'Seoul Premium Check-up, edited in the browser';
  const korean = '서울 프리미엄 종합검진 (브라우저에서 수정)';

  it("saves a package's titles and shows them in the editor", async () => {
    const dialog = await openEditDialog(2);
    await dialog.getByLabel('제목 (영어)').fill(english);
    await dialog.getByLabel('제목 (한국어)').fill(korean);
    const saved = saveResponse();
    await dialog.getByRole('button', { name: '저장' }).click();
    expect((await saved).status()).toBe(200);
    await eventually(() => dialog.isVisible()).toBe(false);
    // The dialog closes and the page says the change is saved.
    await eventually(() => page.getByRole('status').filter({ hasText: 'BEST 2' }).textContent()).toContain(
      '저장했습니다',
    );
    await eventually(() => page.locator('.package').nth(1).getByText(english).isVisible()).toBe(true);
    expect(await page.locator('.package').nth(1).getByText(korean).isVisible()).toBe(true);
    const stored = (await packages()).find((pkg) => pkg.INDEX === 2);
    expect(stored).toMatchObject({ TITLE_en: english, TITLE_kr: korean });
  });

  it('shows the new English title on the English page (/) BEST 3 board', async () => {
    const board = await publicBoard('/');
    expect(board.map((item) => item.title)).toContain(english);
    expect(board.map((item) => item.title)).not.toContain(korean);
  });

  it('shows the new Korean title on the Korean page (/KrPage) BEST 3 board', async () => {
    const board = await publicBoard('/KrPage');
    expect(board.map((item) => item.title)).toContain(korean);
    expect(board.map((item) => item.title)).not.toContain(english);
  });
});

describe('board image upload', () => {
  it('uploads a PNG through the edit dialog and shows it, loaded, on the public board', async () => {
    const png = await sharp({ create: { width: 80, height: 50, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const dialog = await openEditDialog(1);
    const ticket = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/fileupload');
    await dialog.locator('#imgUP').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: png });
    const { filename } = (await (await ticket).json()) as { filename: string };
    expect(filename).toMatch(/\.png$/);
    await eventually(() => dialog.locator('#imgUP-status').textContent()).toBe('업로드 완료');
    // The preview shows the chosen file.
    expect(await dialog.locator('.upload img').getAttribute('src')).toMatch(/^blob:/);
    const saved = saveResponse();
    await dialog.getByRole('button', { name: '저장' }).click();
    expect((await saved).status()).toBe(200);
    await eventually(() => dialog.isVisible()).toBe(false);
    await eventually(() => page.locator('.package').first().locator('img').getAttribute('src')).toBe(
      `/image/${encodeURIComponent(filename)}`,
    );
    expect((await packages()).find((pkg) => pkg.INDEX === 1)?.FILE_POPUP).toBe(filename);

    const board = await publicBoard('/');
    const [first] = board;
    expect(first?.src.endsWith(`/${encodeURIComponent(filename)}`)).toBe(true);
    expect(first?.naturalWidth).toBe(80);
    // The other packages' images still load too.
    expect(board.every((item) => item.naturalWidth > 0)).toBe(true);
  });
});

describe('a file that is not an image', () => {
  const notAnImage = Buffer.from('not an image, just some text\n');

  it('is refused by the client before any upload when its type is not an image', async () => {
    const dialog = await openEditDialog(3);
    const from = requests.length;
    await dialog.locator('#imgUP').setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: notAnImage });
    const status = dialog.locator('#imgUP-status');
    await eventually(() => status.textContent()).toBe('JPEG, PNG, WebP, AVIF, GIF 이미지만 올릴 수 있습니다.');
    expect(await status.getAttribute('role')).toBe('alert');
    expect(requests.slice(from).filter((request) => new URL(request.url()).pathname === '/api/fileupload')).toEqual([]);
    expect(requests.slice(from).filter((request) => request.method() === 'POST')).toEqual([]);
    await dialog.getByRole('button', { name: '취소' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
  });

  describe('claiming to be image/png', () => {
    const typed = 'A title that must stay in the dialog';
    let before: BestPackage | undefined;
    let boardBefore: BoardItem[] = [];
    let saveStatus = 0;
    let dialog: ReturnType<Page['getByRole']>;

    beforeAll(async () => {
      before = (await packages()).find((pkg) => pkg.INDEX === 3);
      boardBefore = await publicBoard('/');
    });

    it('uploads to S3, but the save is refused by the server; the dialog shows an error and keeps its input', async () => {
      dialog = await openEditDialog(3);
      await dialog.getByLabel('제목 (영어)').fill(typed);
      const ticket = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/fileupload');
      await dialog.locator('#imgUP').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: notAnImage });
      expect((await ticket).status()).toBe(200);
      await eventually(() => dialog.locator('#imgUP-status').textContent()).toBe('업로드 완료');

      const saved = saveResponse();
      await dialog.getByRole('button', { name: '저장' }).click();
      const response = await saved;
      saveStatus = response.status();
      expect(saveStatus).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields).toHaveProperty('imgUP');

      const alert = dialog.getByRole('alert').filter({ hasNotText: '업로드' }).last();
      await eventually(() => alert.isVisible()).toBe(true);
      expect((await alert.textContent())?.length).toBeGreaterThan(0);
      // Still open, with what was typed, and ready to try again.
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByLabel('제목 (영어)').inputValue()).toBe(typed);
      expect(await dialog.getByRole('button', { name: '저장' }).isEnabled()).toBe(true);
    });

    it('says in Korean that the image was refused (not the wire field name)', async () => {
      expect(saveStatus).toBe(400);
      const message = await dialog.locator('p.staff__alert').textContent();
      expect(message).not.toContain('imgUP');
      expect(message).toContain('이미지');
    });

    it('changes nothing: the stored package and the public board stay as they were', async () => {
      expect(saveStatus).toBe(400);
      const after = (await packages()).find((pkg) => pkg.INDEX === 3);
      expect(after).toEqual(before);
      const boardAfter = await publicBoard('/');
      expect(boardAfter).toEqual(boardBefore);
      expect(boardAfter.map((item) => item.title)).not.toContain(typed);
      expect(boardAfter.every((item) => item.naturalWidth > 0)).toBe(true);
    });
  });
});
