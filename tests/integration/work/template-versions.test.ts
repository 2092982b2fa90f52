/**
 * The versions of the reply templates through the local server against the
 * DynamoDB emulator: each save keeps the text it replaces (who, when), the
 * history pages newest first by the table's sort key, a version is read whole
 * and restored as a new revision, two saves over one revision let exactly one
 * through, a template saved before revisions were kept joins the history, a
 * retried write is recognised, versions past their keeping time are left out,
 * and the access log holds each change's diff, not the text.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { dynamoTemplateVersionStore } from '../../../functions/work/adapters/dynamodb-templates';
import type { AccessLogEntry } from '../../../shared/audit-actions';
import { formatKoreaDate } from '../../../shared/korea-time';
import type { TemplateView } from '../../../shared/work/enquiry-work-schema';
import {
  TEMPLATE_HISTORY_PAGE,
  type TemplateHistoryPage,
  type TemplateVersion,
} from '../../../shared/work/template-versions';
import { type TestStack, getWithToken, postJson, signIn, startTestStack } from '../../support/stack';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
});
afterAll(() => stack?.dispose());

const save = (key: { section: string; locale: string }, data: { revision: number; subject: string; body: string }) =>
  postJson(stack, '/api/templates', { data: { ...key, ...data } }, token);
const restore = (key: { section: string; locale: string }, revision: number, from: number) =>
  postJson(stack, '/api/templates/restore', { data: { ...key, revision, restore: from } }, token);
const query = (key: { section: string; locale: string }, extra: Record<string, string> = {}) =>
  new URLSearchParams({ ...key, ...extra }).toString();
async function history(key: { section: string; locale: string }, before?: number): Promise<TemplateHistoryPage> {
  const response = await getWithToken(
    stack,
    `/api/templates/history?${query(key, before === undefined ? {} : { before: String(before) })}`,
    token,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as TemplateHistoryPage;
}
async function accessLog(action: string): Promise<AccessLogEntry[]> {
  const today = formatKoreaDate(Date.now());
  const response = await getWithToken(
    stack,
    `/api/access-log?${new URLSearchParams({ from: today, to: today, action })}`,
    token,
  );
  return ((await response.json()) as { entries: AccessLogEntry[] }).entries;
}

describe('template versions on the emulator', () => {
  const key = { section: '병원예약', locale: 'ru' };
  const FIRST = 'Здравствуйте, {name}!\nЖдём вас.';
  const SECOND = 'Здравствуйте, {name}!\nЖдём вас в 10:00.';

  it('edits, lists the history with who and when, reads a version whole and restores it as a new revision', async () => {
    expect((await save(key, { revision: 0, subject: 'Запись {reference}', body: FIRST })).status).toBe(200);
    const second = await save(key, { revision: 1, subject: 'Запись {reference}', body: SECOND });
    expect(((await second.json()) as TemplateView).revision).toBe(2);

    const page = await history(key);
    expect(page.current).toBe(2);
    expect(page.versions.map((version) => [version.revision, version.updatedBy])).toEqual([
      [2, 'staff@example.test'],
      [1, 'staff@example.test'],
      [0, undefined],
    ]);
    const first = await getWithToken(stack, `/api/templates/version?${query(key, { revision: '1' })}`, token);
    expect((await first.json()) as TemplateVersion).toMatchObject({ revision: 1, body: FIRST });

    const restored = await restore(key, 2, 1);
    expect(restored.status).toBe(200);
    expect((await restored.json()) as TemplateView).toMatchObject({ revision: 3, restoredFrom: 1, body: FIRST });
    expect((await history(key)).versions.map((version) => [version.revision, version.restoredFrom])).toEqual([
      [3, 1],
      [2, undefined],
      [1, undefined],
      [0, undefined],
    ]);
    // A restore over a revision someone replaced: the template now, nothing written.
    const late = await restore(key, 2, 1);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { current: TemplateView }).current.revision).toBe(3);
  });

  it('writes the diff of each change in the access log, not the text', async () => {
    const saves = await accessLog('template.save');
    const mine = saves
      .map((entry) => JSON.parse(entry.target) as Record<string, unknown>)
      .filter((row) => row['template'] === '병원예약#ru');
    expect(mine).toContainEqual({
      template: '병원예약#ru',
      revision: 2,
      from: 1,
      body: { chars: [FIRST.length, SECOND.length], line: 2, removed: ['Ждём вас.'], added: ['Ждём вас в 10:00.'] },
    });
    const restores = await accessLog('template.restore');
    expect(restores.map((entry) => JSON.parse(entry.target) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ template: '병원예약#ru', revision: 3, restoredFrom: 1 }),
    );
  });

  it('lets exactly one of two saves over the same revision through, and keeps the one it replaced once', async () => {
    const race = { section: '통역예약', locale: 'zh' };
    expect((await save(race, { revision: 0, subject: '口译 {reference}', body: '{name} 您好' })).status).toBe(200);
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((who) =>
        save(race, { revision: 1, subject: `口译 {reference} ${who}`, body: `{name} 您好 ${who}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await history(race)).versions.map((version) => version.revision)).toEqual([2, 1, 0]);
  });

  it(`pages a long history ${TEMPLATE_HISTORY_PAGE} at a time by the sort key, newest first, each version once`, async () => {
    const long = { section: '호텔예약', locale: 'ko' };
    for (let revision = 0; revision < TEMPLATE_HISTORY_PAGE + 5; revision += 1) {
      expect(
        (await save(long, { revision, subject: `호텔 {reference} ${revision + 1}`, body: `{name}님 ${revision + 1}` }))
          .status,
      ).toBe(200);
    }
    const first = await history(long);
    expect(first.versions).toHaveLength(TEMPLATE_HISTORY_PAGE);
    expect(first.next).toBe(TEMPLATE_HISTORY_PAGE + 5 - TEMPLATE_HISTORY_PAGE + 1);
    const second = await history(long, first.next);
    expect([...first.versions, ...second.versions].map((version) => version.revision)).toEqual(
      Array.from({ length: TEMPLATE_HISTORY_PAGE + 6 }, (_, i) => TEMPLATE_HISTORY_PAGE + 5 - i),
    );
    expect(second.next).toBeUndefined();
  });

  it('takes a template saved before revisions were kept as revision 1, and keeps it at the next save', async () => {
    const db = documentClient({
      region: stack.aws.region,
      credentials: stack.aws.credentials,
      endpoint: stack.aws.endpoints?.dynamodb,
    });
    const old = { section: '통역예약', locale: 'vi' };
    await db.send(
      new PutCommand({
        TableName: stack.tableNames.replyTemplates,
        Item: {
          templateId: '통역예약#vi',
          subject: 'Cũ {reference}',
          body: 'Cũ {name}',
          updatedAt: '2026-01-05T00:00:00.000Z',
          updatedBy: 'former@example.test',
        },
      }),
    );
    expect((await save(old, { revision: 0, subject: 'x', body: 'y' })).status).toBe(409);
    expect((await save(old, { revision: 1, subject: 'Mới {reference}', body: 'Mới {name}' })).status).toBe(200);
    expect((await history(old)).versions).toEqual([
      expect.objectContaining({ revision: 2 }),
      {
        revision: 1,
        subject: 'Cũ {reference}',
        updatedAt: '2026-01-05T00:00:00.000Z',
        updatedBy: 'former@example.test',
      },
      expect.objectContaining({ revision: 0 }),
    ]);
  });

  it('recognises a retried template write as its own, keeps a version once, and leaves out versions past their keeping time', async () => {
    const template = {
      templateId: '호텔예약#ja',
      subject: 'ホテル {reference}',
      body: '{name} 様',
      updatedAt: new Date().toISOString(),
      updatedBy: 'staff@example.test',
      revision: 1,
    };
    expect(await stack.deps.templates.replace(template, 0)).toBe(true);
    expect(await stack.deps.templates.replace(template, 0)).toBe(true);
    expect(await stack.deps.templates.replace({ ...template, updatedBy: 'someone@example.test' }, 0)).toBe(false);

    const now = Math.floor(Date.now() / 1000);
    const kept = { ...template, expiresAt: now + 60 };
    await stack.deps.templateVersions.keep(kept);
    await stack.deps.templateVersions.keep({ ...kept, subject: 'changed' });
    expect(await stack.deps.templateVersions.get('호텔예약#ja', 1)).toEqual(kept);
    await stack.deps.templateVersions.keep({ ...kept, revision: 2, expiresAt: now + 120 });
    const later = dynamoTemplateVersionStore(
      documentClient({
        region: stack.aws.region,
        credentials: stack.aws.credentials,
        endpoint: stack.aws.endpoints?.dynamodb,
      }),
      stack.tableNames.replyTemplateVersions,
      () => now + 90,
    );
    expect((await later.before('호텔예약#ja', 3, 10)).versions.map((version) => version.revision)).toEqual([2]);
    expect(await later.get('호텔예약#ja', 1)).toBeUndefined();
  });
});
