import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_HEADERS } from '../../../shared/enquiries/enquiry';
import { LOCAL_STAND_IN } from '../../../shared/translation/translation';
import { type TestStack, capturedMail, enquiry, postJson, signIn, startTestStack } from '../../support/stack';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
});
afterAll(() => stack.dispose());

async function storedCount(spam = false): Promise<number> {
  const response = await postJson(stack, '/api/view', { spam }, token);
  return Number(response.headers.get(LIST_HEADERS.totalCount));
}

async function newest(spam = false) {
  const response = await postJson(stack, '/api/view', { limit: 1, spam }, token);
  return ((await response.json()) as Record<string, unknown>[])[0];
}

describe('GET /api/amendBest', () => {
  it('answers the three seeded packages in every language with a short public cache', async () => {
    const response = await fetch(`${stack.url}/api/amendBest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=60/);
    const packages = (await response.json()) as Record<string, unknown>[];
    expect(packages.map((pkg) => pkg['INDEX'])).toEqual([1, 2, 3]);
    for (const pkg of packages) {
      for (const field of [
        'TITLE_kr',
        'TITLE_en',
        'TITLE_ch',
        'TITLE_ru',
        'TITLE_jp',
        'TITLE_vn',
        'CONTENT_kr',
        'CONTENT_ru',
        'FILE_POPUP',
        'FILE_THUMB',
      ]) {
        expect(pkg[field], field).toEqual(expect.any(String));
        expect((pkg[field] as string).length, field).toBeGreaterThan(0);
      }
    }
  });

  it('serves each seeded board image under /image/ as an image', async () => {
    const packages = (await (await fetch(`${stack.url}/api/amendBest`)).json()) as { FILE_POPUP: string }[];
    for (const pkg of packages) {
      const image = await fetch(`${stack.url}/image/${pkg.FILE_POPUP}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe('WEBP');
    }
  });
});

describe('POST /api/sendmail', () => {
  it('stores the enquiry, then mails staff every field with Korean labels, HTML-escaped', async () => {
    const before = await storedCount();
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({
        user_name: 'Иван <b>Петров</b>',
        message: '<img src=x onerror=alert(1)>\nSecond line',
        user_language: 'Japanes',
      }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ ok: true, reference: expect.stringMatching(/^MT-\d{6}$/) });
    expect(await storedCount()).toBe(before + 1);
    // Written in English, so its staff mail waits for the translation job's first try (as its timer runs in `npm start`).
    await stack.runTranslations();

    const record = await newest();
    expect(record?.['REFERENCE']).toBe(answer['reference']);
    expect(record).toMatchObject({
      NAME: 'Иван <b>Петров</b>',
      EMAIL: 'anna@example.test',
      CONTACT_NUMBER: '+7 900 123-45-67',
      LANG_PREFERENCE: 'Japanese',
      MEDICAL_SECTION: '병원예약',
      DETAIL_SECTION: '종합검진',
      REGISTRATION_DATE: '2036-12-10 09:30',
      NUMBER_PEOPLE: 2,
      ROOM: 1,
      CONTEXT: '<img src=x onerror=alert(1)>\nSecond line',
      MAIL_STATUS: 'sent',
      SPAM: false,
      CONSENT_HEALTH: true,
    });
    expect(record?.['DATE']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(record?.['CONSENT_VERSION']).toEqual(expect.any(String));

    const mail = (await capturedMail(stack)).find((candidate) =>
      candidate.subject.includes(`[의료관광 문의 ${record?.['REFERENCE']}]`),
    );
    expect(mail?.destination.to).toEqual([stack.settings['MAIL_TO']]);
    // Staff answer in the back office, not from their mail client.
    expect(mail?.replyTo).toEqual([]);
    expect(mail?.body.html).toContain('이름');
    expect(mail?.body.html).toContain('문의 내용');
    expect(mail?.body.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.body.html).not.toContain('<img src=x');
    expect(mail?.body.html).not.toContain('<b>Петров</b>');
    // The message's machine translation below it, labelled with the engine (here the stand-in), escaped as well.
    expect(mail?.body.text).toContain(`문의 내용 · 기계 번역 (${LOCAL_STAND_IN}): `);
    expect(mail?.body.html).toContain('onerror=alert(1)&gt;');
    expect(mail?.body.html?.match(/&lt;img src=x onerror=alert\(1\)&gt;/g)).toHaveLength(2);
  });

  it('stores one enquiry for a submission_id sent twice and answers the same both times', async () => {
    const before = await storedCount();
    const data = enquiry({ submission_id: '6f1c2a52-8d0e-4d7b-9a59-3c1a0f6e9b11' });
    const first = await postJson(stack, '/api/sendmail', { data });
    const second = await postJson(stack, '/api/sendmail', { data });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const [a, b] = [(await first.json()) as Record<string, unknown>, (await second.json()) as Record<string, unknown>];
    expect(a).toEqual({
      ok: true,
      reference: expect.stringMatching(/^MT-\d{6}$/),
      submission_id: data['submission_id'],
    });
    expect(b).toEqual(a);
    expect(await storedCount()).toBe(before + 1);
  });

  it.each([
    ['user_name', { user_name: '' }],
    ['user_name', { user_name: undefined }],
    ['user_email', { user_email: '   ' }],
    ['user_email', { user_email: 'not-an-address' }],
    ['consent_privacy', { consent_privacy: false }],
    ['consent_health', { consent_health: undefined }],
    ['section', { section: 'hospital' }],
    ['detail_section', { detail_section: '내과' }],
    ['user_count', { user_count: 11 }],
    ['user_count', { user_count: 0 }],
    ['user_Room', { section: '호텔예약', hotel: 'Grand', user_Room: 6 }],
    ['start', { start: '2026-13-01 10:00' }],
    ['start', { start: '2020-01-01 10:00' }],
    ['finish', { section: '호텔예약', start: '2036-12-10', finish: '2036-12-09' }],
    ['destination', { destination: 'Airport' }],
    ['hotel', { hotel: 'Grand Hotel' }],
    ['finish', { finish: '2036-12-12' }],
    ['message', { message: 'x'.repeat(5_001) }],
    ['user_language', { user_language: 'x'.repeat(51) }],
    ['submission_id', { submission_id: 'not-a-uuid' }],
  ])('refuses bad %s with 400 naming it, and stores nothing', async (field, overrides) => {
    const before = await storedCount();
    const response = await postJson(stack, '/api/sendmail', { data: enquiry(overrides) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('invalid_input');
    expect(Object.keys(body.fields)).toContain(field);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a body that is not JSON, and one that is too large', async () => {
    const broken = await fetch(`${stack.url}/api/sendmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toBe('invalid_json');
    const large = await postJson(stack, '/api/sendmail', { data: enquiry({ message: 'x'.repeat(70_000) }) });
    expect(large.status).toBe(413);
  });

  it('accepts a plain form post and answers with a page in the posted language that shows the reference and links back', async () => {
    const before = await storedCount();
    const form = new URLSearchParams({
      user_name: '김민수',
      user_email: 'minsu@example.test',
      section: '컨시어지',
      destination: 'Incheon airport',
      user_count: '3',
      start: '2036-12-24 14:00',
      consent_privacy: 'on',
      website: '',
      page_locale: 'ko',
    });
    const response = await fetch(`${stack.url}/api/sendmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${stack.url}/KrPage` },
      body: form,
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // An API answer: the policy that lets nothing load, which the page needs nothing against.
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    const page = await response.text();
    expect(page).toContain('<html lang="ko">');
    expect(page).toContain(`<strong id="reference">${String((await newest())?.['REFERENCE'])}</strong>`);
    expect(page).toContain('href="/KrPage#contact"');
    expect(await storedCount()).toBe(before + 1);
    expect(await newest()).toMatchObject({
      NAME: '김민수',
      MEDICAL_SECTION: '컨시어지',
      DESTINATION: 'Incheon airport',
      NUMBER_PEOPLE: 3,
    });
  });

  it('answers a bad form post with a 303 carrying the error and the fields, and never redirects off site', async () => {
    const before = await storedCount();
    const response = await fetch(`${stack.url}/api/sendmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://evil.example/phish' },
      body: new URLSearchParams({
        user_name: '',
        user_email: 'x@example.test',
        section: '병원예약',
        consent_privacy: 'on',
        consent_health: 'on',
      }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?error=invalid_input&fields=user_name#enquiry-failed-user_name');
    expect(await storedCount()).toBe(before);
  });

  it('stores suspected spam flagged and apart, without mailing staff, and answers like a success', async () => {
    const before = {
      kept: await storedCount(),
      spam: await storedCount(true),
      mails: (await capturedMail(stack)).length,
    };
    const honeypot = await postJson(stack, '/api/sendmail', { data: enquiry({ website: 'http://spam.example' }) });
    const human = await postJson(stack, '/api/sendmail', { data: enquiry({ form_fill_ms: 60_000 }) });
    for (const response of [honeypot, human]) expect(response.status).toBe(200);
    // Every enquiry has its own reference; nothing else tells suspected spam apart.
    const apartFromReference = async (response: Response) => ({
      ...((await response.json()) as object),
      reference: 'MT-######',
    });
    expect(await apartFromReference(honeypot)).toEqual(await apartFromReference(human));
    expect(await storedCount(true)).toBe(before.spam + 1);
    expect(await storedCount()).toBe(before.kept + 1);
    const spam = await newest(true);
    expect(spam).toMatchObject({ SPAM: true, SPAM_REASON: 'honeypot', MAIL_STATUS: 'skipped' });
    // The human one: a staff mail and the visitor's acknowledgement; the spam, none.
    expect((await capturedMail(stack)).length).toBe(before.mails + 2);
  });

  it('stores nothing of a form sent faster than a person fills it and asks for it again; the second send is stored', async () => {
    const before = { kept: await storedCount(), spam: await storedCount(true) };
    const submission_id = crypto.randomUUID();
    const tooFast = await postJson(stack, '/api/sendmail', { data: enquiry({ submission_id, form_fill_ms: 500 }) });
    expect(tooFast.status).toBe(409);
    expect(((await tooFast.json()) as { error: string }).error).toBe('confirm_needed');
    expect([await storedCount(), await storedCount(true)]).toEqual([before.kept, before.spam]);
    const again = await postJson(stack, '/api/sendmail', { data: enquiry({ submission_id, form_fill_ms: 6_500 }) });
    expect(again.status).toBe(200);
    const { reference } = (await again.json()) as { reference: string };
    expect([await storedCount(), await storedCount(true)]).toEqual([before.kept + 1, before.spam]);
    expect(await newest()).toMatchObject({ SPAM: false, REFERENCE: reference, STATUS: 'new' });
  });
});

describe('unknown routes', () => {
  it('answers 404 for an unknown API path and 405 for a wrong method', async () => {
    expect((await fetch(`${stack.url}/api/nothing`)).status).toBe(404);
    const wrongMethod = await fetch(`${stack.url}/api/sendmail`);
    expect(wrongMethod.status).toBe(405);
  });

  it('answers 404 or 400, not a server error, to malformed escapes in API and image paths', async () => {
    expect((await fetch(`${stack.url}/api/detail/%`)).status).toBe(404);
    expect((await fetch(`${stack.url}/image/%`)).status).toBe(400);
    expect((await fetch(`${stack.url}/image/`)).status).toBe(404);
    expect((await fetch(`${stack.url}/image/nothing-here.png`)).status).toBe(404);
  });

  it('answers a request Node cannot parse with 431 or 400, under /api/ as a JSON error body', async () => {
    const bigHeaders = ['x-a', 'x-b', 'x-c', 'x-d', 'x-e'].map((name) => `${name}: ${'a'.repeat(4_000)}\r\n`).join('');
    const api = await rawExchange(
      `GET /api/export/00000000-0000-4000-8000-000000000000 HTTP/1.1\r\nHost: 127.0.0.1\r\n${bigHeaders}\r\n`,
    );
    expect(api.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(api.head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(api.body)).toMatchObject({ error: 'headers_too_large', message: expect.any(String) });

    const page = await rawExchange(`GET /KrPage HTTP/1.1\r\nHost: 127.0.0.1\r\n${bigHeaders}\r\n`);
    expect(page.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(page.body).toBe('Request Header Fields Too Large');

    const broken = await rawExchange('GET /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\nbroken header line\r\n\r\n');
    expect(broken.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.body)).toMatchObject({ error: 'bad_request', message: expect.any(String) });
  });
});

/** Sends bytes as they are (fetch and Node's client refuse to build a broken request) and reads the answer until the server closes. */
function rawExchange(bytes: string): Promise<{ head: string; body: string }> {
  const { hostname, port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      resolve({ head, body: rest.join('\r\n\r\n') });
    });
  });
}
