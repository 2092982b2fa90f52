// @vitest-environment happy-dom
/**
 * The templates page's "이전 버전": the versions with who saved each and when
 * (Korea time), one of them whole, a restore only once confirmed and sent over
 * the revision shown, and a colleague's save meanwhile shown instead of
 * overwritten, for a restore and for a save (what was typed stays).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultTemplate } from '../../shared/content/reply-templates';
import { SECTION_VALUES } from '../../shared/enquiries/enums';
import { LOCALE_CODES } from '../../shared/locales';
import type { TemplateView } from '../../shared/work/enquiry-work-schema';
import type { TemplateVersion } from '../../shared/work/template-versions';
import TemplatesApp from '../../site/src/staff/templates/TemplatesApp';
import { TEMPLATES_TEXT } from '../../site/src/staff/templates/words';
import { STAFF_TEXT } from '../../site/src/staff/core/words';
import { signedInStaffMember } from '../support/staff-session';

signedInStaffMember();

const TEXT = TEMPLATES_TEXT.history;
const ANNA = 'anna@centre.example';
const BORIS = 'boris@centre.example';

/** The server's side, in memory: the hospital template in English at revision 2, with its versions. */
function fakeServer(options: { colleagueSavesFirst?: boolean } = {}) {
  const versions: TemplateVersion[] = [
    { revision: 0, ...defaultTemplate('병원예약', 'en') },
    {
      revision: 1,
      subject: 'Hospital {reference}',
      body: 'Dear {name},\nsee you at 9.',
      updatedBy: ANNA,
      updatedAt: '2026-11-20T01:00:00.000Z',
    },
    {
      revision: 2,
      subject: 'Hospital visit {reference}',
      body: 'Dear {name},\nsee you at 10.',
      updatedBy: BORIS,
      updatedAt: '2026-11-21T02:30:00.000Z',
    },
  ];
  const now = () => versions.at(-1) as TemplateVersion;
  const view = (): TemplateView => ({ section: '병원예약', locale: 'en', edited: true, ...now() });
  const colleague = () =>
    versions.push({
      revision: now().revision + 1,
      subject: 'Colleague {reference}',
      body: 'Colleague {name}',
      updatedBy: BORIS,
      updatedAt: '2026-11-22T03:00:00.000Z',
    });
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const posted: { path: string; data: Record<string, unknown> }[] = [];

  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'https://site.example');
    if (url.pathname === '/api/templates' && init.method !== 'POST') {
      return answer(
        200,
        SECTION_VALUES.flatMap((section) =>
          LOCALE_CODES.map((locale) =>
            section === '병원예약' && locale === 'en'
              ? view()
              : { section, locale, ...defaultTemplate(section, locale), revision: 0, edited: false },
          ),
        ),
      );
    }
    if (url.pathname === '/api/templates/history') {
      return answer(200, {
        current: now().revision,
        versions: [...versions].reverse().map(({ body: _body, ...summary }) => summary),
      });
    }
    if (url.pathname === '/api/templates/version') {
      return answer(
        200,
        versions.find((version) => version.revision === Number(url.searchParams.get('revision'))),
      );
    }
    const data = (JSON.parse(String(init.body)) as { data: Record<string, unknown> }).data;
    posted.push({ path: url.pathname, data });
    if (options.colleagueSavesFirst && versions.length === 3) colleague();
    if (data['revision'] !== now().revision)
      return answer(409, {
        error: 'conflict',
        message: 'Someone else saved this template meanwhile.',
        current: view(),
      });
    const restoredFrom = url.pathname === '/api/templates/restore' ? (data['restore'] as number) : undefined;
    const text =
      restoredFrom === undefined
        ? { subject: String(data['subject']), body: String(data['body']) }
        : versions[restoredFrom];
    versions.push({
      revision: now().revision + 1,
      subject: text?.subject ?? '',
      body: text?.body ?? '',
      updatedBy: ANNA,
      updatedAt: '2026-11-22T04:00:00.000Z',
      ...(restoredFrom === undefined ? {} : { restoredFrom }),
    });
    return answer(200, view());
  });
  vi.stubGlobal('fetch', fetch);
  return { posted };
}

/** The page, loaded, with its history open. */
async function openHistory() {
  render(<TemplatesApp />);
  await screen.findByDisplayValue('Hospital visit {reference}');
  await userEvent.click(screen.getByRole('button', { name: TEXT.show }));
  await screen.findByRole('button', { name: TEXT.viewOf(1) });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    );

describe('the history of a reply template', () => {
  it('lists the versions newest first with who saved each and when (Korea time), the default text last', async () => {
    fakeServer();
    await openHistory();
    expect(rows()).toEqual([
      ['버전 2', BORIS, '2026-11-21 11:30', TEXT.current],
      ['버전 1', ANNA, '2026-11-20 10:00', ''],
      ['버전 0', '-', '-', TEXT.isDefault],
    ]);
  });

  it('shows a version whole, and restores it only once confirmed, over the revision shown', async () => {
    const { posted } = fakeServer();
    await openHistory();
    await userEvent.click(screen.getByRole('button', { name: TEXT.viewOf(1) }));
    const shown = await screen.findByRole('region', { name: TEXT.revision(1) });
    expect(shown.textContent).toContain('Hospital {reference}');
    expect(shown.textContent).toContain('see you at 9.');

    await userEvent.click(within(shown).getByRole('button', { name: TEXT.restore }));
    const dialog = screen.getByRole('dialog', { name: TEXT.confirmTitle(1) });
    expect(dialog.textContent).toContain(TEXT.confirmText(1, 2));
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.confirm }));

    expect((await screen.findByRole('status')).textContent).toBe(TEXT.restored(1, 3));
    expect(posted).toEqual([
      { path: '/api/templates/restore', data: { section: '병원예약', locale: 'en', revision: 2, restore: 1 } },
    ]);
    expect(screen.getByLabelText(STAFF_TEXT.reply.subject)).toHaveProperty('value', 'Hospital {reference}');
    await waitFor(() =>
      expect(rows()[0]).toEqual(['버전 3', ANNA, '2026-11-22 13:00', `${TEXT.current} · ${TEXT.restoredFrom(1)}`]),
    );
  });

  it('restores nothing when the confirmation is cancelled, and offers no restore of the text now', async () => {
    const { posted } = fakeServer();
    await openHistory();
    await userEvent.click(screen.getByRole('button', { name: TEXT.viewOf(2) }));
    expect(
      within(await screen.findByRole('region', { name: TEXT.revision(2) })).queryByRole('button', {
        name: TEXT.restore,
      }),
    ).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: TEXT.viewOf(0) }));
    await userEvent.click(
      within(await screen.findByRole('region', { name: TEXT.revision(0) })).getByRole('button', { name: TEXT.restore }),
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: STAFF_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
  });

  it("shows a colleague's save made meanwhile instead of restoring over it", async () => {
    fakeServer({ colleagueSavesFirst: true });
    await openHistory();
    await userEvent.click(screen.getByRole('button', { name: TEXT.viewOf(1) }));
    await userEvent.click(
      within(await screen.findByRole('region', { name: TEXT.revision(1) })).getByRole('button', { name: TEXT.restore }),
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: TEXT.confirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEXT.conflict);
    expect(screen.getByLabelText(STAFF_TEXT.reply.subject)).toHaveProperty('value', 'Colleague {reference}');
  });
});

describe('saving a reply template', () => {
  it("names the revision shown; after a colleague's save meanwhile it keeps what was typed, and the next save goes over theirs", async () => {
    const { posted } = fakeServer({ colleagueSavesFirst: true });
    render(<TemplatesApp />);
    const subject = await screen.findByDisplayValue('Hospital visit {reference}');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Mine {{reference}');
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEMPLATES_TEXT.templatesPage.conflict);
    expect(screen.getByLabelText(STAFF_TEXT.reply.subject)).toHaveProperty('value', 'Mine {reference}');
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.save }));
    expect(await screen.findByText(TEMPLATES_TEXT.templatesPage.saved)).toBeTruthy();
    expect(posted.map((post) => post.data['revision'])).toEqual([2, 3]);
  });
});
