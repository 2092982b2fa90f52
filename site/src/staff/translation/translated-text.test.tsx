// @vitest-environment happy-dom
/**
 * What a visitor wrote, as staff read it: the Korean text
 * labelled as machine translation with the engine's name and the original
 * behind a disclosure, on the detail page and in the thread; until then the
 * original with where its translation stands, said once per original, and a
 * button that asks again for one given up, refused or capped; a Korean
 * original as it is. The message box's summary in Korean, the original on hover.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TranslationState, TranslationView } from '../../../../shared/translation/staff-translation';
import type { ThreadEntry } from '../../../../shared/work/enquiry-work';
import { sampleRecord } from '../../../../tests/support/records';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import EnquiryFields from '../enquiry/EnquiryFields';
import HistoryPanel from '../enquiry/HistoryPanel';
import EnquiryTable from '../message-box/EnquiryTable';
import { TRANSLATION_TEXT } from './words';

signedInStaffMember();

const RUSSIAN = 'Здравствуйте! Хочу пройти МРТ.';
const KOREAN = '안녕하세요! MRI를 받고 싶습니다.';
const ENGINE = 'Amazon Translate';
const record = { ...sampleRecord(7), CONTEXT: RUSSIAN, HOTEL: 'Гостиница у моря' };
const done: TranslationView = {
  source: 'enquiry',
  state: 'done',
  texts: { CONTEXT: KOREAN, HOTEL: '바닷가 호텔' },
  engine: ENGINE,
  translatedAt: '2026-11-27T03:00:00.000Z',
};
const inState = (state: TranslationState, source = 'enquiry'): TranslationView => ({ source, state });

describe('on the detail page', () => {
  it("shows the Korean text labelled with the engine's name, and the original one click away", async () => {
    render(<EnquiryFields record={record} translation={done} />);
    expect(screen.getByText(KOREAN)).toBeTruthy();
    expect(screen.getByText('바닷가 호텔')).toBeTruthy();
    expect(screen.getAllByText(TRANSLATION_TEXT.label(ENGINE))).toHaveLength(2);
    const message = screen.getByText(KOREAN).closest('.translation') as HTMLElement;
    const disclosure = within(message)
      .getByText(TRANSLATION_TEXT.showOriginal)
      .closest('details') as HTMLDetailsElement;
    expect(disclosure.open).toBe(false);
    await userEvent.click(within(message).getByText(TRANSLATION_TEXT.showOriginal));
    expect(disclosure.open).toBe(true);
    expect(within(disclosure).getByText(RUSSIAN).getAttribute('lang')).toBe('ru');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['pending', false],
    ['capped', true],
    ['failed', true],
    ['refused', true],
  ] as const)('shows the original and says a %s translation so, once', (state, askable) => {
    render(<EnquiryFields record={record} translation={inState(state)} />);
    expect(screen.getByText(RUSSIAN)).toBeTruthy();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([TRANSLATION_TEXT.states[state]]);
    expect(screen.queryAllByRole('button', { name: TRANSLATION_TEXT.askAgain })).toHaveLength(askable ? 1 : 0);
    expect(screen.queryByText(TRANSLATION_TEXT.label(ENGINE))).toBeNull();
    // Nobody asked on this page: no word about reloading.
    expect(screen.queryByText(TRANSLATION_TEXT.askedHint)).toBeNull();
  });

  it("says a translation past its enquiry's or sender's share waits, and offers to ask for it now", () => {
    render(<EnquiryFields record={record} translation={{ ...inState('capped'), overShare: true }} />);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([TRANSLATION_TEXT.overShare]);
    expect(screen.getAllByRole('button', { name: TRANSLATION_TEXT.askAgain })).toHaveLength(1);
  });

  it('shows a Korean original as it is', () => {
    render(<EnquiryFields record={{ ...record, CONTEXT: KOREAN, LOCALE: 'ko' }} />);
    expect(screen.getByText(KOREAN)).toBeTruthy();
    expect(screen.queryByText(TRANSLATION_TEXT.showOriginal)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks again for a failed translation, then says it is pending', async () => {
    const sent = stubStaffApi(
      () =>
        new Response(JSON.stringify(inState('pending')), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    render(<EnquiryFields record={record} translation={inState('failed')} />);
    await userEvent.click(screen.getByRole('button', { name: TRANSLATION_TEXT.askAgain }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(TRANSLATION_TEXT.states.pending));
    expect(screen.getByText(TRANSLATION_TEXT.askedHint)).toBeTruthy();
    expect(sent).toEqual([{ path: '/api/enquiry/translate', body: { data: { index: 7, source: 'enquiry' } } }]);
    expect(screen.queryByRole('button', { name: TRANSLATION_TEXT.askAgain })).toBeNull();
  });

  it('says so when asking again fails, and keeps the button', async () => {
    stubStaffApi(
      () =>
        new Response(JSON.stringify({ error: 'unavailable', message: 'Down' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    render(<EnquiryFields record={record} translation={inState('capped')} />);
    await userEvent.click(screen.getByRole('button', { name: TRANSLATION_TEXT.askAgain }));
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSLATION_TEXT.askFailed);
    expect(screen.getByRole('button', { name: TRANSLATION_TEXT.askAgain })).toBeTruthy();
  });
});

describe('in the thread', () => {
  const at = '2026-11-22T09:59:00.000Z#m0123456789abcdef';
  const message = (translation?: TranslationView): ThreadEntry => ({
    at,
    type: 'visitorMessage',
    actor: 'anna@example.test',
    text: RUSSIAN,
    channel: 'page',
    ...(translation ? { translation } : {}),
  });

  it("shows each visitor message's translation, labelled, with its original one click away", async () => {
    render(
      <HistoryPanel
        record={record}
        thread={[message({ source: `message#${at}`, state: 'done', texts: { text: KOREAN }, engine: ENGINE })]}
        onNoted={() => undefined}
      />,
    );
    expect(screen.getByText(TRANSLATION_TEXT.label(ENGINE))).toBeTruthy();
    await userEvent.click(screen.getByText(TRANSLATION_TEXT.showOriginal));
    expect((screen.getByText(RUSSIAN).closest('details') as HTMLDetailsElement).open).toBe(true);
  });

  it('asks again for the message by its source', async () => {
    const sent = stubStaffApi(
      () =>
        new Response(JSON.stringify(inState('pending', `message#${at}`)), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    render(
      <HistoryPanel
        record={record}
        thread={[message(inState('refused', `message#${at}`))]}
        onNoted={() => undefined}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(TRANSLATION_TEXT.states.refused);
    await userEvent.click(screen.getByRole('button', { name: TRANSLATION_TEXT.askAgain }));
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/api/enquiry/translate', body: { data: { index: 7, source: `message#${at}` } } }]),
    );
  });
});

describe('in the message box', () => {
  it("summarises the message in Korean once translated, the original's words on hover; an untranslated one as it is", () => {
    render(
      <EnquiryTable
        records={[
          { ...record, translation: done },
          { ...sampleRecord(8), CONTEXT: RUSSIAN },
        ]}
        now={Date.parse('2026-11-27T04:00:00Z')}
        viewer="anna@centre.example"
      />,
    );
    const translated = screen.getByRole('link', { name: KOREAN });
    expect(translated.getAttribute('title')).toBe(RUSSIAN);
    expect(screen.getByRole('link', { name: RUSSIAN }).hasAttribute('title')).toBe(false);
  });
});
