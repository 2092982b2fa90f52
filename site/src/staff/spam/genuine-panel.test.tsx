// @vitest-environment happy-dom
/**
 * Suspected spam in the back office: the panel of its page says why it was
 * held, asks before marking it genuine, sends the VERSION staff saw and shows
 * the enquiry as the mark answered it; a change meanwhile shows it as it is
 * now and says so; the message box's word of how many wait, and its way to
 * that list, only while some do and that list is not on screen.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleRecord } from '../../../../tests/support/records';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import GenuinePanel from './GenuinePanel';
import SpamWaitingNotice from './SpamWaitingNotice';
import { SPAM_TEXT } from './words';

signedInStaffMember();

const TEXT = SPAM_TEXT.panel;
const HELD = sampleRecord(12, { SPAM: true, SPAM_REASON: 'honeypot', VERSION: 2 });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers each call by its method and path; the calls as made. */
function stubApi(answer: (method: string, path: string) => Response) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, ...(init.body ? { body: JSON.parse(String(init.body)) as unknown } : {}) });
      return answer(method, path);
    }),
  );
  return calls;
}

describe('the panel of a suspected-spam enquiry', () => {
  it('says why it was held, asks, sends the VERSION seen and shows the enquiry the mark answers', async () => {
    const marked = { ...HELD, SPAM: false, STATUS: 'new' as const, VERSION: 3 };
    const calls = stubApi(() => json({ record: marked }));
    const onChanged = vi.fn();
    render(<GenuinePanel record={HELD} onChanged={onChanged} />);
    expect(screen.getByText(TEXT.explain(SPAM_TEXT.reason('honeypot')))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: TEXT.button }));
    expect(screen.getByText(TEXT.confirm('MT-000012'))).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(marked));
    expect(calls).toEqual([{ method: 'POST', path: '/api/enquiries/12/genuine', body: { data: { version: 2 } } }]);
  });

  it('shows the enquiry as someone changed it meanwhile, and says so in the dialog', async () => {
    const now = { ...HELD, VERSION: 4 };
    stubApi((method) => (method === 'POST' ? json({ error: 'conflict', message: 'Changed.' }, 409) : json([now])));
    const onChanged = vi.fn();
    render(<GenuinePanel record={HELD} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: TEXT.button }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${TEXT.conflict} Changed.`);
    expect(onChanged).toHaveBeenCalledWith(now);
  });

  it('says the server is not answering when it fails, and keeps the dialog for a retry', async () => {
    stubApi(() => json({ error: 'service_unavailable', message: 'Down.' }, 503));
    const onChanged = vi.fn();
    render(<GenuinePanel record={HELD} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: TEXT.button }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    expect((await screen.findByRole('alert')).textContent).toContain(TEXT.failed);
    expect(screen.getByRole('button', { name: TEXT.submit })).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe('the message box’s word of the suspected-spam list', () => {
  it('says how many wait, and leads to that list', async () => {
    stubApi(() => json({ waiting: 1234 }));
    const onShow = vi.fn();
    render(<SpamWaitingNotice showing={false} onShow={onShow} />);
    expect((await screen.findByRole('status')).textContent).toContain(SPAM_TEXT.waiting(1234));
    expect(SPAM_TEXT.waiting(1234)).toContain('1,234건');
    await userEvent.click(screen.getByRole('button', { name: SPAM_TEXT.showSpam }));
    expect(onShow).toHaveBeenCalledOnce();
  });

  it('says nothing when none waits, while the list is on screen, or when the count cannot be read', async () => {
    for (const [answer, showing] of [
      [json({ waiting: 0 }), false],
      [json({ waiting: 5 }), true],
      [json({ error: 'service_unavailable' }, 503), false],
    ] as const) {
      const calls = stubApi(() => answer.clone());
      const { container, unmount } = render(<SpamWaitingNotice showing={showing} onShow={vi.fn()} />);
      await waitFor(() => expect(calls).toHaveLength(1));
      await new Promise((next) => setTimeout(next, 0));
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
