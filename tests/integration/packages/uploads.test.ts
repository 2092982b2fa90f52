import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { type TestStack, postJson, signIn, startTestStack } from '../../support/stack';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
});
afterAll(() => stack.dispose());

interface Ticket {
  filename: string;
  index?: string;
  upload: { method: string; url: string; fields: Record<string, string> };
}

async function ticketFor(contentType: string, size: number, index?: string): Promise<Response> {
  return postJson(stack, '/api/fileupload', { data: { contentType, size, ...(index ? { index } : {}) } }, token);
}

/** Uploads straight to S3 (the emulator) with the presigned POST, as the browser does. */
async function upload(bytes: Uint8Array, contentType: string, index?: string): Promise<Ticket> {
  const response = await ticketFor(contentType, bytes.length, index);
  expect(response.status).toBe(200);
  const ticket = (await response.json()) as Ticket;
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'upload');
  const stored = await fetch(ticket.upload.url, { method: 'POST', body: form });
  expect(stored.status).toBeLessThan(300);
  return ticket;
}

const png = () =>
  sharp({ create: { width: 32, height: 20, channels: 3, background: '#274fd5' } })
    .png()
    .toBuffer();

const titles = {
  index: 2,
  title_kr: '새 제목',
  content_kr: '새 내용',
  title_en: 'New title',
  content_en: 'New content',
  title_ch: '新标题',
  content_ch: '新内容',
  title_ru: 'Новый заголовок',
  content_ru: 'Новый текст',
};

describe('POST /api/fileupload', () => {
  it('hands out a presigned POST under a server-chosen image name, echoing the popup index', async () => {
    const response = await ticketFor('image/png', 1234, 'imgUP_en');
    const ticket = (await response.json()) as Ticket;
    expect(ticket.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(ticket.index).toBe('imgUP_en');
    expect(ticket.upload.method).toBe('POST');
    // The upload lands where /image/ never serves it; a save makes it public once checked.
    expect(ticket.upload.fields['key']).toBe(`incoming/${ticket.filename}`);
    expect(ticket.upload.fields['Content-Type']).toBe('image/png');
    const policy = JSON.parse(Buffer.from(ticket.upload.fields['Policy'] ?? '', 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
  });

  it.each([
    ['an SVG', 'image/svg+xml', 100],
    ['a PDF', 'application/pdf', 100],
    ['an empty file', 'image/png', 0],
    ['a file over 5 MB', 'image/jpeg', 5 * 1024 * 1024 + 1],
  ])('refuses %s before any upload', async (_name, contentType, size) => {
    const response = await ticketFor(contentType, size);
    expect(response.status).toBe(400);
  });
});

describe('POST /api/modalinput', () => {
  it('saves titles, contents and an uploaded board image, and the board shows them', async () => {
    const ticket = await upload(await png(), 'image/png');
    // Uploaded but not yet saved: not public under either name.
    expect((await fetch(`${stack.url}/image/${ticket.filename}`)).status).toBe(404);
    expect((await fetch(`${stack.url}/image/incoming/${ticket.filename}`)).status).toBe(400);
    expect((await fetch(`${stack.url}/image/incoming%2F${ticket.filename}`)).status).toBe(400);
    const response = await postJson(
      stack,
      '/api/modalinput',
      { data: { ...titles, title_jp: '新しいタイトル', imgUP: ticket.filename } },
      token,
    );
    expect(response.status).toBe(200);
    const board = (await (await fetch(`${stack.url}/api/amendBest`)).json()) as Record<string, unknown>[];
    expect(board[1]).toMatchObject({
      INDEX: 2,
      TITLE: '새 제목',
      TITLE_kr: '새 제목',
      TITLE_en: 'New title',
      TITLE_ru: 'Новый заголовок',
      TITLE_jp: '新しいタイトル',
      FILE_POPUP: ticket.filename,
    });
    const image = await fetch(`${stack.url}/image/${ticket.filename}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(await png())).toBe(true);
  });

  it('keeps the board image when none is given, and removes an emptied optional language', async () => {
    const before = (await (await fetch(`${stack.url}/api/amendBest`)).json()) as Record<string, unknown>[];
    const response = await postJson(
      stack,
      '/api/modalinput',
      { data: { ...titles, title_en: 'Kept image', title_jp: '' } },
      token,
    );
    expect(response.status).toBe(200);
    const after = (await (await fetch(`${stack.url}/api/amendBest`)).json()) as Record<string, unknown>[];
    expect(after[1]?.['FILE_POPUP']).toBe(before[1]?.['FILE_POPUP']);
    expect(after[1]?.['TITLE_en']).toBe('Kept image');
    expect(after[1]).not.toHaveProperty('TITLE_jp');
  });

  it('refuses a text file uploaded as .png, naming imgUP, and changes nothing', async () => {
    const before = await (await fetch(`${stack.url}/api/amendBest`)).text();
    const ticket = await upload(new TextEncoder().encode('this is not an image at all'), 'image/png');
    const response = await postJson(
      stack,
      '/api/modalinput',
      { data: { ...titles, title_en: 'Should not save', imgUP: ticket.filename } },
      token,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields['imgUP']).toMatch(/not a JPEG, PNG/);
    expect(await (await fetch(`${stack.url}/api/amendBest`)).text()).toBe(before);
    // Refused: it never became public.
    expect((await fetch(`${stack.url}/image/${ticket.filename}`)).status).toBe(404);
  });

  it('refuses a file name that was never uploaded, an unknown package and missing titles', async () => {
    const missing = await postJson(
      stack,
      '/api/modalinput',
      { data: { ...titles, imgUP: '00000000-0000-0000-0000-000000000000.png' } },
      token,
    );
    expect(missing.status).toBe(400);
    const badIndex = await postJson(stack, '/api/modalinput', { data: { ...titles, index: 4 } }, token);
    expect(badIndex.status).toBe(400);
    const noTitle = await postJson(stack, '/api/modalinput', { data: { ...titles, title_ch: ' ' } }, token);
    expect(noTitle.status).toBe(400);
    expect(((await noTitle.json()) as { fields: object }).fields).toHaveProperty('title_ch');
    const traversal = await postJson(stack, '/api/modalinput', { data: { ...titles, imgUP: '../secret.png' } }, token);
    expect(traversal.status).toBe(400);
  });
});

describe('POST /api/popupinput', () => {
  it('sets one popup image per language and keeps the others', async () => {
    const before = (await (await fetch(`${stack.url}/api/amendBest`)).json()) as Record<string, unknown>[];
    const ticket = await upload(await png(), 'image/png', 'imgUP_ru');
    const response = await postJson(
      stack,
      '/api/popupinput',
      { data: { index: 3, imgUP_ru: ticket.filename, imgUP_kr: '' } },
      token,
    );
    expect(response.status).toBe(200);
    const after = (await (await fetch(`${stack.url}/api/amendBest`)).json()) as Record<string, unknown>[];
    expect(after[2]?.['FILE_THUMB_ru']).toBe(ticket.filename);
    expect(after[2]?.['FILE_THUMB']).toBe(before[2]?.['FILE_THUMB']);
    expect(after[2]?.['FILE_THUMB_en']).toBe(before[2]?.['FILE_THUMB_en']);
  });

  it('refuses a non-image for any language', async () => {
    const ticket = await upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    const response = await postJson(stack, '/api/popupinput', { data: { index: 1, imgUP_en: ticket.filename } }, token);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: object }).fields).toHaveProperty('imgUP_en');
  });
});
