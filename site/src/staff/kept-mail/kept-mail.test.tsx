// @vitest-environment happy-dom
/**
 * The kept mail box against a stubbed API: a box's mails with who, to whom,
 * when in Korea time, why in Korean, the checks and attachments; the text on
 * request, in Korean once its machine translation is made (asked again past
 * the sender's share); a warning when the sender is not the suggested
 * enquiry's address; attaching with the subject's reference prefilled (a quarantined
 * mail only once the staff member ticks the confirmation, a mail with a virus
 * not at all); discarding after a confirmation; and the box read again after.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../../shared/auth';
import type { KeptMailEntry, KeptMailList } from '../../../../shared/conversation/kept-mail';
import type { Verdicts } from '../../../../shared/conversation/visitor-messages';
import type { TranslationView } from '../../../../shared/translation/staff-translation';
import { TRANSLATION_TEXT } from '../translation/words';
import KeptMailApp from './KeptMailApp';
import KeptMailItem from './KeptMailItem';
import { KEPT_MAIL_TEXT } from './words';

const PASSING: Verdicts = { spam: 'PASS', virus: 'PASS', spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' };
const mail = (key: string, extra: Partial<KeptMailEntry> = {}): KeptMailEntry => ({
  key,
  box: 'unmatched',
  reason: 'no_match',
  receivedAt: '2026-11-22T01:00:00.000Z',
  from: 'anna@example.com',
  subject: 'Re: Your enquiry [MT-000007]',
  recipients: ['centre@reply.site.example'],
  suggestedIndex: 7,
  verdicts: PASSING,
  attachments: [{ name: 'scan.pdf', size: 2048 }],
  ...extra,
});

let boxes: Record<string, KeptMailEntry[]>;
/** What the translate route answers for a request. */
let translated: (data: { key: string; again?: boolean }) => TranslationView | undefined;
let listRequests: string[] = [];
let posted: { path: string; data: unknown }[];

beforeEach(() => {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  window.history.replaceState(null, '', '/kept-mail');
  posted = [];
  listRequests = [];
  translated = ({ key }) => ({
    source: key,
    state: 'done',
    engine: 'Amazon Translate',
    texts: { text: '안녕하세요! 제 답장입니다.' },
  });
  boxes = {
    unmatched: [mail('kept#a')],
    quarantine: [
      mail('kept#spam', { box: 'quarantine', reason: 'verdict', verdicts: { ...PASSING, spam: 'FAIL' } }),
      mail('kept#virus', {
        box: 'quarantine',
        reason: 'verdict',
        subject: 'invoice',
        verdicts: { ...PASSING, virus: 'FAIL' },
      }),
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname, searchParams } = new URL(url, 'http://site');
      const answer = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (pathname === '/api/kept-mail') {
        listRequests.push(searchParams.toString());
        const box = searchParams.get('box') as KeptMailList['box'];
        return answer({
          box,
          mails: boxes[box] ?? [],
          more: false,
          counts: {
            unmatched: boxes['unmatched']?.length ?? 0,
            quarantine: boxes['quarantine']?.length ?? 0,
            'auto-reply': 0,
            refused: 0,
          },
        } satisfies KeptMailList);
      }
      if (pathname === '/api/kept-mail/text')
        return answer({ key: searchParams.get('key'), text: 'Здравствуйте! Это мой ответ.' });
      const { data } = JSON.parse(String(init.body)) as { data: { key: string; index?: number; again?: boolean } };
      posted.push({ path: pathname, data });
      if (pathname === '/api/kept-mail/translate') return answer({ key: data.key, translation: translated(data) });
      for (const [box, mails] of Object.entries(boxes)) boxes[box] = mails.filter((entry) => entry.key !== data.key);
      return answer(
        pathname.endsWith('/attach')
          ? { key: data.key, postIndex: data.index, firstTime: true }
          : { key: data.key, firstTime: true },
      );
    }),
  );
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const item = async (subject: string) =>
  within((await screen.findByRole('heading', { name: subject })).closest('li') as HTMLElement);

describe('the kept mail box', () => {
  it('lists the unmatched mail: sender, address, Korea time, the reason in Korean, checks, attachments and the suggestion', async () => {
    render(<KeptMailApp />);
    const line = await item('Re: Your enquiry [MT-000007]');
    for (const shown of [
      'anna@example.com',
      'centre@reply.site.example',
      '2026-11-22 10:00',
      KEPT_MAIL_TEXT.reasons['no_match'] ?? '',
      KEPT_MAIL_TEXT.verdictsPassed,
      KEPT_MAIL_TEXT.suggested('MT-000007'),
    ]) {
      expect(line.getByText(shown)).toBeTruthy();
    }
    // The name isolated (<bdi>), its size beside it.
    expect(line.getByText('scan.pdf').tagName).toBe('BDI');
    expect(line.getByText('scan.pdf').parentElement?.textContent).toBe('scan.pdf (2 KB)');
    await userEvent.click(line.getByRole('button', { name: KEPT_MAIL_TEXT.readText }));
    // In Korean first, labelled as the engine's, the original behind a disclosure.
    expect(await line.findByText('안녕하세요! 제 답장입니다.')).toBeTruthy();
    expect(line.getByText(TRANSLATION_TEXT.label('Amazon Translate'))).toBeTruthy();
    expect(line.getByText('Здравствуйте! Это мой ответ.').closest('details')).toBeTruthy();
    expect(posted).toEqual([{ path: '/api/kept-mail/translate', data: { key: 'kept#a' } }]);
  });

  it("says a translation waits past the sender's share, and asking again has it made", async () => {
    translated = ({ key, again }) =>
      again
        ? { source: key, state: 'done', engine: 'Amazon Translate', texts: { text: '안녕하세요! 제 답장입니다.' } }
        : { source: key, state: 'capped', overShare: true };
    render(<KeptMailApp />);
    const line = await item('Re: Your enquiry [MT-000007]');
    await userEvent.click(line.getByRole('button', { name: KEPT_MAIL_TEXT.readText }));
    expect(await line.findByText(TRANSLATION_TEXT.overShare)).toBeTruthy();
    expect(line.getByText('Здравствуйте! Это мой ответ.')).toBeTruthy();
    await userEvent.click(line.getByRole('button', { name: TRANSLATION_TEXT.askAgain }));
    expect(await line.findByText('안녕하세요! 제 답장입니다.')).toBeTruthy();
    expect(posted.at(-1)).toEqual({ path: '/api/kept-mail/translate', data: { key: 'kept#a', again: true } });
  });

  it("warns, beside the mail and when attaching it there, that its sender is not the suggested enquiry's address", async () => {
    boxes['unmatched'] = [mail('kept#a', { from: 'stranger@example.org', senderMatch: 'different' })];
    render(<KeptMailApp />);
    const line = await item('Re: Your enquiry [MT-000007]');
    const warning = KEPT_MAIL_TEXT.senderDiffers('stranger@example.org', 'MT-000007');
    expect(line.getByText(warning)).toBeTruthy();
    await userEvent.click(line.getByRole('button', { name: KEPT_MAIL_TEXT.attach }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByText(warning)).toBeTruthy();
    // Another enquiry named: the warning was about the suggested one.
    const input = dialog.getByLabelText(KEPT_MAIL_TEXT.attachIndex);
    await userEvent.clear(input);
    await userEvent.type(input, 'MT-000008');
    expect(dialog.queryByText(warning)).toBeNull();
  });

  it("shows each box's count on its tab, and searches the box by sender or subject", async () => {
    render(<KeptMailApp />);
    await item('Re: Your enquiry [MT-000007]');
    const tab = screen.getByRole('button', {
      name: `${KEPT_MAIL_TEXT.boxes.unmatched} (${boxes['unmatched']?.length ?? 0})`,
    });
    expect(tab.getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(screen.getByLabelText(KEPT_MAIL_TEXT.search), ' Anna@Example ');
    await userEvent.click(screen.getByRole('button', { name: KEPT_MAIL_TEXT.searchButton }));
    await waitFor(() => expect(listRequests.at(-1)).toBe('box=unmatched&search=Anna%40Example'));
  });

  it('attaches to the enquiry named, the suggestion prefilled, then reads the box again', async () => {
    render(<KeptMailApp />);
    await userEvent.click(
      (await item('Re: Your enquiry [MT-000007]')).getByRole('button', { name: KEPT_MAIL_TEXT.attach }),
    );
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    const input = dialog.getByLabelText(KEPT_MAIL_TEXT.attachIndex) as HTMLInputElement;
    expect(input.value).toBe('MT-000007');
    await userEvent.clear(input);
    await userEvent.type(input, 'mt 8');
    await userEvent.click(dialog.getByRole('button', { name: KEPT_MAIL_TEXT.attach, hidden: true }));
    expect(await screen.findByText(KEPT_MAIL_TEXT.attached('MT-000008'))).toBeTruthy();
    expect(posted).toEqual([{ path: '/api/kept-mail/attach', data: { key: 'kept#a', index: 8 } }]);
    expect(await screen.findByText(KEPT_MAIL_TEXT.empty)).toBeTruthy();
  });

  it('asks for a confirmation before attaching a quarantined mail, and offers no attach for one with a virus', async () => {
    render(<KeptMailApp />);
    await userEvent.click(await screen.findByRole('button', { name: KEPT_MAIL_TEXT.boxes.quarantine }));
    const virus = await item('invoice');
    expect(virus.queryByRole('button', { name: KEPT_MAIL_TEXT.attach })).toBeNull();
    expect(virus.getByText(KEPT_MAIL_TEXT.barred.virus)).toBeTruthy();
    await userEvent.click(
      (await item('Re: Your enquiry [MT-000007]')).getByRole('button', { name: KEPT_MAIL_TEXT.attach }),
    );
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByText(KEPT_MAIL_TEXT.quarantineWarning)).toBeTruthy();
    const submit = dialog.getByRole('button', { name: KEPT_MAIL_TEXT.attach, hidden: true }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.click(dialog.getByLabelText(KEPT_MAIL_TEXT.quarantineConfirm));
    await userEvent.click(submit);
    await waitFor(() =>
      expect(posted).toEqual([
        { path: '/api/kept-mail/attach', data: { key: 'kept#spam', index: 7, confirmQuarantine: true } },
      ]),
    );
  });

  it('discards after the confirmation dialog', async () => {
    render(<KeptMailApp />);
    await userEvent.click(
      (await item('Re: Your enquiry [MT-000007]')).getByRole('button', { name: KEPT_MAIL_TEXT.discard }),
    );
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByText(KEPT_MAIL_TEXT.discardConfirm)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: KEPT_MAIL_TEXT.discard, hidden: true }));
    expect(await screen.findByText(KEPT_MAIL_TEXT.discarded)).toBeTruthy();
    expect(posted).toEqual([{ path: '/api/kept-mail/discard', data: { key: 'kept#a' } }]);
  });
});

describe('the checks a kept mail shows', () => {
  it('says which checks gave no verdict (locally none is made), never that they passed', () => {
    const unchecked = mail('kept#local', {
      verdicts: {
        spam: 'NOT_CHECKED_LOCALLY',
        virus: 'NOT_CHECKED_LOCALLY',
        spf: 'NOT_CHECKED_LOCALLY',
        dkim: 'NOT_CHECKED_LOCALLY',
        dmarc: 'NOT_CHECKED_LOCALLY',
      },
    });
    render(<KeptMailItem mail={unchecked} onAttach={() => undefined} onDiscard={() => undefined} />);
    expect(screen.queryByText(KEPT_MAIL_TEXT.verdictsPassed)).toBeNull();
    expect(screen.getByText(/^확인되지 않음: /)).toBeTruthy();
  });
});
