/**
 * Reply templates and their versions through their routes, with in-memory
 * fakes: the defaults, a save over the revision read (and the 409 when someone
 * saved first), every save keeping the text it replaces with who and when, the
 * history newest first in pages ending with the default text, one version
 * whole, a restore as a new revision, the access log's diff (never the whole
 * text, bounded), how long versions are kept, and a failure losing nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/auth';
import { defaultTemplate } from '../../../shared/content/reply-templates';
import { SECTION_VALUES } from '../../../shared/enquiries/enums';
import { LOCALE_CODES } from '../../../shared/locales';
import { RETENTION } from '../../../shared/privacy/retention';
import type { TemplateView } from '../../../shared/work/enquiry-work-schema';
import { TEMPLATE_HISTORY_PAGE, type TemplateHistoryPage } from '../../../shared/work/template-versions';
import { signStaffToken } from '../../accounts/staff-auth/staff-tokens';
import { type FakeDeps, apiEvent, bodyOf, dynamoRefused, fakeDeps, jsonPost } from '../../../tests/support/fakes';
import {
  makeRestoreTemplateHandler,
  makeSaveTemplateHandler,
  makeTemplateHistoryHandler,
  makeTemplateVersionHandler,
  makeTemplatesHandler,
} from './reply-templates-handler';
import { TEMPLATE_CHANGE_TARGET_MAX, templateChangeTarget } from './template-changes';

const ANNA = 'anna@centre.example';
const BORIS = 'boris@centre.example';
const EDITH = 'edith@centre.example';
const HOTEL_VI = { section: '호텔예약', locale: 'vi' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

let deps: FakeDeps;
const tokens: Record<string, string> = {};

const STAFF: [string, StaffRole][] = [
  [ANNA, 'staff'],
  [BORIS, 'staff'],
  [EDITH, 'editor'],
];

/** Signs everyone in now (a token lasts hours; some tests move the clock by months). */
async function signIn() {
  for (const [email, role] of STAFF)
    tokens[email] = await signStaffToken(deps.settings, email, 0, deps.clock.now(), role);
}

beforeEach(async () => {
  deps = fakeDeps();
  const at = new Date(deps.clock.now()).toISOString();
  for (const [email, role] of STAFF)
    deps.staff.items.set(email, { email, passwordHash: 'unused', disabled: false, role, createdAt: at, updatedAt: at });
  await signIn();
});

const as = (who: string) => ({ headers: { authorization: `Bearer ${tokens[who]}` } });
const list = async () =>
  bodyOf(
    await makeTemplatesHandler(deps)(apiEvent({ method: 'GET', path: '/api/templates', ...as(ANNA) })),
  ) as TemplateView[];
const save = (who: string, data: Record<string, unknown>) =>
  makeSaveTemplateHandler(deps)(jsonPost('/api/templates', { ...HOTEL_VI, ...data }, as(who)));
const restore = (who: string, data: Record<string, unknown>) =>
  makeRestoreTemplateHandler(deps)(jsonPost('/api/templates/restore', { ...HOTEL_VI, ...data }, as(who)));
const historyPage = (who: string, query: Record<string, string> = {}) =>
  makeTemplateHistoryHandler(deps)(
    apiEvent({ method: 'GET', path: '/api/templates/history', query: { ...HOTEL_VI, ...query }, ...as(who) }),
  );
const history = async (query: Record<string, string> = {}) =>
  bodyOf(await historyPage(ANNA, query)) as TemplateHistoryPage;
const version = (revision: number) =>
  makeTemplateVersionHandler(deps)(
    apiEvent({
      method: 'GET',
      path: '/api/templates/version',
      query: { ...HOTEL_VI, revision: String(revision) },
      ...as(ANNA),
    }),
  );

/** Saves `count` revisions of the template, one a minute, each over the one before. */
async function saveRevisions(count: number, who = ANNA) {
  for (let revision = 0; revision < count; revision += 1) {
    expect(
      (
        await save(who, {
          revision,
          subject: `Phòng {reference} r${revision + 1}`,
          body: `Xin chào {name}\nr${revision + 1}`,
        })
      ).statusCode,
    ).toBe(200);
    deps.clock.advance(60_000);
  }
}

const actions = (action: string) => deps.accessLog.entries.filter((entry) => entry.action === action);

describe('reply templates', () => {
  it('offers a template for every section in every language at revision 0, and a saved one replaces the default', async () => {
    const defaults = await list();
    expect(defaults).toHaveLength(SECTION_VALUES.length * LOCALE_CODES.length);
    for (const template of defaults) {
      expect(template.subject).toContain('{reference}');
      expect(template.body).toContain('{name}');
      expect(template).toMatchObject({ edited: false, revision: 0 });
    }
    const saved = await save(BORIS, { revision: 0, subject: 'Phòng khách sạn {reference}', body: 'Xin chào {name}' });
    expect(saved.statusCode).toBe(200);
    expect(bodyOf(saved)).toMatchObject({ revision: 1, edited: true, updatedBy: BORIS });
    expect(
      (await list()).find((template) => template.section === '호텔예약' && template.locale === 'vi'),
    ).toMatchObject({ subject: 'Phòng khách sạn {reference}', edited: true, revision: 1 });
    expect((await save(BORIS, { locale: 'de', revision: 0, subject: 'x', body: 'y' })).statusCode).toBe(400);
  });

  it('refuses a save without the revision read, naming it, and writes nothing', async () => {
    const refused = await save(ANNA, { subject: 'x', body: 'y' });
    expect(refused.statusCode).toBe(400);
    expect(bodyOf(refused)).toMatchObject({ fields: { revision: expect.any(String) } });
    expect(deps.templates.items.size).toBe(0);
  });

  it('answers a save over a revision someone replaced with 409 and the template now, overwriting nothing', async () => {
    await saveRevisions(1, ANNA);
    // Boris read revision 0 before Anna saved.
    const late = await save(BORIS, { revision: 0, subject: 'Boris {reference}', body: 'Boris {name}' });
    expect(late.statusCode).toBe(409);
    expect(bodyOf(late)).toMatchObject({
      error: 'conflict',
      current: { revision: 1, updatedBy: ANNA, subject: 'Phòng {reference} r1' },
    });
    expect(deps.templates.items.get('호텔예약#vi')).toMatchObject({ revision: 1, updatedBy: ANNA });
    expect(deps.templateVersions.items).toEqual([]);
    expect(actions('template.save').at(-1)?.target).toBe(
      JSON.stringify({ template: '호텔예약#vi', revision: 0, refused: 'changed meanwhile', current: 1 }),
    );
  });

  it('makes no revision for the same text again', async () => {
    await saveRevisions(1);
    const again = await save(BORIS, { revision: 1, subject: 'Phòng {reference} r1', body: 'Xin chào {name}\nr1' });
    expect(bodyOf(again)).toMatchObject({ revision: 1, updatedBy: ANNA });
    expect(deps.templateVersions.items).toEqual([]);
  });
});

describe('versions', () => {
  it('keeps the text each save replaces, with who saved it and when; the history lists them newest first, ending with the default text', async () => {
    await saveRevisions(1, ANNA);
    expect((await save(BORIS, { revision: 1, subject: 'Boris {reference}', body: 'Boris {name}' })).statusCode).toBe(
      200,
    );
    const page = await history();
    expect(page).toEqual({
      current: 2,
      versions: [
        { revision: 2, subject: 'Boris {reference}', updatedBy: BORIS, updatedAt: '2026-11-22T10:01:00.000Z' },
        { revision: 1, subject: 'Phòng {reference} r1', updatedBy: ANNA, updatedAt: '2026-11-22T10:00:00.000Z' },
        { revision: 0, subject: defaultTemplate('호텔예약', 'vi').subject },
      ],
    });
    expect(bodyOf(await version(1))).toEqual({
      revision: 1,
      subject: 'Phòng {reference} r1',
      body: 'Xin chào {name}\nr1',
      updatedBy: ANNA,
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(bodyOf(await version(2))).toMatchObject({ revision: 2, body: 'Boris {name}' });
    expect(bodyOf(await version(0))).toEqual({ revision: 0, ...defaultTemplate('호텔예약', 'vi') });
    expect((await version(3)).statusCode).toBe(404);
    expect(actions('template.history').map((entry) => entry.target)).toEqual(['호텔예약#vi']);
    expect(actions('template.version').map((entry) => entry.target)).toEqual([
      '호텔예약#vi r1',
      '호텔예약#vi r2',
      '호텔예약#vi r0',
      '호텔예약#vi r3',
    ]);
  });

  it('lists a template nobody saved as its default text alone, at revision 0', async () => {
    expect(await history()).toEqual({
      current: 0,
      versions: [{ revision: 0, subject: defaultTemplate('호텔예약', 'vi').subject }],
    });
  });

  it(`pages the history ${TEMPLATE_HISTORY_PAGE} at a time, each version once, down to the default text`, async () => {
    await saveRevisions(2 * TEMPLATE_HISTORY_PAGE + 3);
    const seen: number[] = [];
    let page = await history();
    expect(page.versions).toHaveLength(TEMPLATE_HISTORY_PAGE);
    for (;;) {
      seen.push(...page.versions.map((entry) => entry.revision));
      if (page.next === undefined) break;
      page = await history({ before: String(page.next) });
    }
    expect(seen).toEqual(
      Array.from({ length: 2 * TEMPLATE_HISTORY_PAGE + 4 }, (_, i) => 2 * TEMPLATE_HISTORY_PAGE + 3 - i),
    );
  });

  it('reads a template saved before revisions were kept as revision 1, and keeps it as version 1 at the next save', async () => {
    deps.templates.items.set('호텔예약#vi', {
      templateId: '호텔예약#vi',
      subject: 'Old {reference}',
      body: 'Old {name}',
      updatedAt: '2026-01-05T00:00:00.000Z',
      updatedBy: ANNA,
    });
    expect(
      (await list()).find((template) => template.section === '호텔예약' && template.locale === 'vi'),
    ).toMatchObject({ revision: 1, edited: true });
    expect((await save(BORIS, { revision: 0, subject: 'x', body: 'y' })).statusCode).toBe(409);
    expect((await save(BORIS, { revision: 1, subject: 'New {reference}', body: 'New {name}' })).statusCode).toBe(200);
    expect(bodyOf(await version(1))).toMatchObject({
      revision: 1,
      subject: 'Old {reference}',
      updatedBy: ANNA,
      updatedAt: '2026-01-05T00:00:00.000Z',
    });
    expect((await history()).versions.map((entry) => entry.revision)).toEqual([2, 1, 0]);
  });

  it(`keeps a replaced version ${RETENTION.templateVersionMonths} months from the save that replaced it, then lists and serves it no more`, async () => {
    await saveRevisions(2);
    // Revision 1 was replaced a minute after it was saved; revision 2 is the text now.
    deps.clock.advance(RETENTION.templateVersionMonths * 30 * DAY_MS);
    await signIn();
    expect((await history()).versions.map((entry) => entry.revision)).toEqual([2, 1, 0]);
    deps.clock.advance(20 * DAY_MS);
    await signIn();
    expect((await history()).versions.map((entry) => entry.revision)).toEqual([2, 0]);
    expect((await version(1)).statusCode).toBe(404);
    expect((await restore(ANNA, { revision: 2, restore: 1 })).statusCode).toBe(404);
    expect(bodyOf(await version(2))).toMatchObject({ revision: 2 });
  });

  it('lets only the roles that edit templates read their versions', async () => {
    await saveRevisions(1);
    expect((await historyPage(EDITH)).statusCode).toBe(403);
    expect((await restore(EDITH, { revision: 1, restore: 0 })).statusCode).toBe(403);
    expect((await historyPage(BORIS)).statusCode).toBe(200);
  });
});

describe('restore', () => {
  it('saves an earlier version as a new revision, recorded as a restore of it, and keeps the one it replaces', async () => {
    await saveRevisions(2, ANNA);
    const restored = await restore(BORIS, { revision: 2, restore: 1 });
    expect(restored.statusCode).toBe(200);
    expect(bodyOf(restored)).toMatchObject({
      revision: 3,
      restoredFrom: 1,
      subject: 'Phòng {reference} r1',
      body: 'Xin chào {name}\nr1',
      updatedBy: BORIS,
    });
    expect((await history()).versions).toEqual([
      {
        revision: 3,
        restoredFrom: 1,
        subject: 'Phòng {reference} r1',
        updatedBy: BORIS,
        updatedAt: '2026-11-22T10:02:00.000Z',
      },
      { revision: 2, subject: 'Phòng {reference} r2', updatedBy: ANNA, updatedAt: '2026-11-22T10:01:00.000Z' },
      { revision: 1, subject: 'Phòng {reference} r1', updatedBy: ANNA, updatedAt: '2026-11-22T10:00:00.000Z' },
      { revision: 0, subject: defaultTemplate('호텔예약', 'vi').subject },
    ]);
    // The default text is a version too.
    expect(bodyOf(await restore(ANNA, { revision: 3, restore: 0 }))).toMatchObject({
      revision: 4,
      restoredFrom: 0,
      ...defaultTemplate('호텔예약', 'vi'),
    });
  });

  it('answers a restore over a revision someone replaced with 409 and the template now, writing nothing', async () => {
    await saveRevisions(2);
    const late = await restore(BORIS, { revision: 1, restore: 1 });
    expect(late.statusCode).toBe(409);
    expect(bodyOf(late)).toMatchObject({ error: 'conflict', current: { revision: 2 } });
    expect(deps.templates.items.get('호텔예약#vi')).toMatchObject({ revision: 2 });
    expect(deps.templateVersions.items.map((kept) => kept.revision)).toEqual([1]);
  });

  it('refuses the revision now (400, naming restore) and one that never was (404), changing nothing', async () => {
    await saveRevisions(2);
    const now = await restore(ANNA, { revision: 2, restore: 2 });
    expect(now.statusCode).toBe(400);
    expect(bodyOf(now)).toMatchObject({ fields: { restore: expect.any(String) } });
    expect((await restore(ANNA, { revision: 2, restore: 7 })).statusCode).toBe(404);
    expect((await restore(ANNA, { revision: 2, restore: -1 })).statusCode).toBe(400);
    expect(deps.templates.items.get('호텔예약#vi')).toMatchObject({ revision: 2 });
    expect(actions('template.restore')).toEqual([]);
  });
});

describe('the access log of a change', () => {
  const long = (tag: string) =>
    Array.from({ length: 60 }, (_, i) => `${tag} line ${i + 1}: ${'빈 객실 안내 '.repeat(8)}`).join('\n');

  it('records what a save changed (the subject before and after, the changed lines, the sizes), never the whole text', async () => {
    const before = long('same');
    expect((await save(ANNA, { revision: 0, subject: 'Phòng {reference}', body: before })).statusCode).toBe(200);
    const after = before.replace('same line 30:', 'changed line 30:');
    expect((await save(BORIS, { revision: 1, subject: 'Phòng khách sạn {reference}', body: after })).statusCode).toBe(
      200,
    );
    const target = actions('template.save').at(-1)?.target ?? '';
    expect(target.length).toBeLessThanOrEqual(TEMPLATE_CHANGE_TARGET_MAX);
    const row = JSON.parse(target) as {
      template: string;
      revision: number;
      from: number;
      subject: string[];
      body: { chars: number[]; line: number; removed: string[]; added: string[] };
    };
    expect(row).toMatchObject({
      template: '호텔예약#vi',
      revision: 2,
      from: 1,
      subject: ['Phòng {reference}', 'Phòng khách sạn {reference}'],
    });
    expect(row.body.chars).toEqual([before.trim().length, after.trim().length]);
    expect(row.body.line).toBe(30);
    expect(row.body.removed).toHaveLength(1);
    expect(row.body.removed[0]).toMatch(/^same line 30: 빈 객실 안내 .*…$/);
    expect(row.body.added[0]).toMatch(/^changed line 30: /);
    expect(target).not.toContain('line 29');
  });

  it('records a restore as a restore of its version, with what it changed', async () => {
    await saveRevisions(2);
    await restore(ANNA, { revision: 2, restore: 1 });
    expect(JSON.parse(actions('template.restore')[0]?.target ?? '')).toEqual({
      template: '호텔예약#vi',
      revision: 3,
      from: 2,
      restoredFrom: 1,
      subject: ['Phòng {reference} r2', 'Phòng {reference} r1'],
      body: { chars: [18, 18], line: 2, removed: ['r2'], added: ['r1'] },
    });
  });

  it(`stays within ${TEMPLATE_CHANGE_TARGET_MAX} characters whatever the texts hold (quotes, backslashes, tabs, half surrogate pairs, emoji, every line changed)`, () => {
    const hostile = (seed: string) =>
      Array.from({ length: 400 }, (_, i) => `${seed}${i}"\\\t\ud800😀`.repeat(20)).join('\n');
    for (const restoredFrom of [undefined, Number.MAX_SAFE_INTEGER - 1]) {
      const target = templateChangeTarget({
        section: '병원예약',
        locale: 'en',
        templateId: '병원예약#en',
        expected: Number.MAX_SAFE_INTEGER - 1,
        current: Number.MAX_SAFE_INTEGER - 1,
        stored: undefined,
        before: { subject: '"\\\ud800😀'.repeat(50), body: hostile('a') },
        after: { subject: '\\"😀\udfff'.repeat(50), body: hostile('b'), restoredFrom },
      });
      expect(target.length).toBeLessThanOrEqual(TEMPLATE_CHANGE_TARGET_MAX);
      expect(() => JSON.parse(target)).not.toThrow();
    }
  });
});

describe('a failing table', () => {
  it('loses nothing when the template write fails after its version was kept: the history shows each text once, and the save goes through again', async () => {
    await saveRevisions(1);
    const replace = deps.templates.replace.bind(deps.templates);
    deps.templates.replace = async () => {
      throw dynamoRefused();
    };
    expect((await save(BORIS, { revision: 1, subject: 'Boris {reference}', body: 'Boris {name}' })).statusCode).toBe(
      503,
    );
    expect(deps.templates.items.get('호텔예약#vi')).toMatchObject({ revision: 1, updatedBy: ANNA });
    expect((await history()).versions.map((entry) => entry.revision)).toEqual([1, 0]);
    deps.templates.replace = replace;
    expect((await save(BORIS, { revision: 1, subject: 'Boris {reference}', body: 'Boris {name}' })).statusCode).toBe(
      200,
    );
    expect((await history()).versions.map((entry) => [entry.revision, entry.updatedBy])).toEqual([
      [2, BORIS],
      [1, ANNA],
      [0, undefined],
    ]);
  });

  it('writes nothing when the version cannot be kept', async () => {
    await saveRevisions(1);
    deps.templateVersions.keep = async () => {
      throw dynamoRefused();
    };
    expect((await save(BORIS, { revision: 1, subject: 'Boris {reference}', body: 'Boris {name}' })).statusCode).toBe(
      503,
    );
    expect(deps.templates.items.get('호텔예약#vi')).toMatchObject({ revision: 1, updatedBy: ANNA });
  });
});
