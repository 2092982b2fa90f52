// @vitest-environment happy-dom
/**
 * The reply panel's machine translation, against a stubbed API:
 * the Korean previewed in the visitor's language, edited and sent as the body
 * with its original and the engine; with the engine down the panel says so
 * and sends what the staff member wrote, as it is.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import { sampleRecord } from '../../../../tests/support/records';
import ReplyPanel from './ReplyPanel';
import { REPLY_TRANSLATION_TEXT } from './reply-translation-words';

signedInStaffMember();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const KOREAN = '12월 10일에 진료가 가능합니다.';
const record = sampleRecord(7, { VERSION: 2, LOCALE: 'ru' });

function stub(preview: () => Response) {
  return stubStaffApi((path) =>
    path.endsWith('/reply-preview') ? preview() : json({ record: { ...record, VERSION: 3 }, mailStatus: 'sent' }),
  );
}

async function write(body: string) {
  render(<ReplyPanel record={record} onSent={vi.fn()} />);
  await userEvent.type(screen.getByLabelText('제목'), 'Ваш запрос');
  await userEvent.type(screen.getByLabelText(REPLY_TRANSLATION_TEXT.original), body);
  await userEvent.click(screen.getByRole('button', { name: REPLY_TRANSLATION_TEXT.previewButton }));
}

describe('a reply translated for the visitor', () => {
  it('sends the edited translation with the original and the engine', async () => {
    const sent = stub(() =>
      json({ text: 'Приём возможен 10 декабря.', engine: 'Amazon Translate', source: 'ko', target: 'ru' }),
    );
    await write(KOREAN);
    const translation = await screen.findByLabelText(REPLY_TRANSLATION_TEXT.machine('Русский', 'Amazon Translate'));
    await userEvent.type(translation, ' Ждём вас.');
    await userEvent.click(screen.getByRole('button', { name: '답장 보내기' }));
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('/api/enquiry/reply'));
    expect(sent.find((request) => request.path === '/api/enquiry/reply-preview')?.body).toEqual({
      data: { index: 7, text: KOREAN },
    });
    expect(sent.find((request) => request.path === '/api/enquiry/reply')?.body).toEqual({
      data: {
        index: 7,
        version: 2,
        subject: 'Ваш запрос',
        body: 'Приём возможен 10 декабря. Ждём вас.',
        original: KOREAN,
        translation: { engine: 'Amazon Translate', edited: true },
      },
    });
  });

  it("says so with the engine down, and sends what was written in the visitor's language as it is", async () => {
    const sent = stub(() => json({ error: 'service_unavailable', message: 'down' }, 503));
    await write('Приём возможен 10 декабря.');
    expect((await screen.findByRole('alert')).textContent).toBe(REPLY_TRANSLATION_TEXT.unavailable);
    await userEvent.click(screen.getByRole('button', { name: '답장 보내기' }));
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('/api/enquiry/reply'));
    expect(sent.find((request) => request.path === '/api/enquiry/reply')?.body).toEqual({
      data: { index: 7, version: 2, subject: 'Ваш запрос', body: 'Приём возможен 10 декабря.' },
    });
  });
});
