// @vitest-environment happy-dom
/**
 * The visitor's page island against a stubbed API: it takes the link out of
 * the address (kept for the tab), shows what the read answers and how long
 * the link works without a visit, says why it cannot when it cannot, and sends a message with the form's defences, one
 * id per message through its retries, keeping the text until it is stored.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyFor } from '../../../../shared/content/copy';
import { VISITOR_LINK_IDLE_DAYS, type VisitorEnquiryView } from '../../../../shared/visitor/visitor-page';
import VisitorPage from './VisitorPage';
import { type VisitorPageProps, visitorLabels } from './types';

const copy = copyFor('en');
const props: VisitorPageProps = {
  locale: 'en',
  lang: 'en',
  labels: visitorLabels(copy),
  sections: [{ value: '병원예약', label: 'Hospital Reservation' }],
  detailSections: [{ value: '종합검진', label: 'Comprehensive health check-up' }],
  phones: [{ display: '+82-00-000-1111', href: 'tel:+82000001111' }],
  email: 'info@centre.example',
};
const LINK = `7.${'s'.repeat(43)}`;
const VIEW: VisitorEnquiryView = {
  reference: 'MT-000007',
  locale: 'en',
  standing: 'answered',
  sent: {
    receivedAt: '2026-11-22T01:00:00.000Z',
    section: '병원예약',
    detailSection: '종합검진',
    start: '2036-12-10 09:30',
    people: 2,
    message: 'A check-up, please.',
  },
  conversation: [
    { at: '2026-11-23T02:00:00.000Z', from: 'centre', subject: 'Your check-up', text: 'Dear Anna,\n\nTuesday works.' },
  ],
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers each call with the next of `answers` (a read first); what each call sent. */
function stubApi(
  ...answers: (() => Response | Promise<Response>)[]
): { path: string; data: Record<string, unknown> }[] {
  const sent: { path: string; data: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      sent.push({ path, data: (JSON.parse(String(init.body)) as { data: Record<string, unknown> }).data });
      const answer = answers.shift();
      if (!answer) throw new TypeError('no more answers');
      return answer();
    }),
  );
  return sent;
}

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', `/my-enquiry/en#${LINK}`);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('opening the page', () => {
  it('takes the link out of the address, keeps it for the tab, and shows the enquiry', async () => {
    const sent = stubApi(() => json(VIEW));
    render(<VisitorPage {...props} />);
    expect(window.location.hash).toBe('');
    expect(sessionStorage.getItem('visitor-link')).toBe(LINK);
    await screen.findByText('MT-000007');
    expect(sent).toEqual([{ path: '/api/visitor/enquiry', data: { link: LINK } }]);
    expect(screen.getByText(copy['visitor.standing.answered'])).toBeTruthy();
    expect(screen.getByText('Comprehensive health check-up')).toBeTruthy();
    expect(screen.getByText('Your check-up')).toBeTruthy();
    expect(document.body.textContent).toContain('Tuesday works.');
    // How long the link works without a visit, in days: the routes' figure.
    expect(screen.getByText(copy['visitor.linkExpiry'].replace('{days}', String(VISITOR_LINK_IDLE_DAYS)))).toBeTruthy();
  });

  it('opens with the kept link after a reload, and says when a link opens nothing (forgetting it)', async () => {
    sessionStorage.setItem('visitor-link', LINK);
    history.replaceState(null, '', '/my-enquiry/en');
    const sent = stubApi(() => json({ error: 'not_found', message: 'no' }, 404));
    render(<VisitorPage {...props} />);
    await screen.findByText(copy['visitor.notFound.title']);
    expect(sent[0]?.data).toEqual({ link: LINK });
    expect(sessionStorage.getItem('visitor-link')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(`${VISITOR_LINK_IDLE_DAYS} days without a visit`);
    expect(screen.getByRole('link', { name: '+82-00-000-1111' })).toBeTruthy();
  });

  it('says the page opens from the mail when there is no link, asking nothing', () => {
    history.replaceState(null, '', '/my-enquiry/en');
    const sent = stubApi();
    render(<VisitorPage {...props} />);
    expect(screen.getByText(copy['visitor.noLink'])).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says to wait after too many tries, and offers to try again when the read failed', async () => {
    stubApi(
      () => json({ error: 'rate_limited', message: 'wait' }, 429),
      () => Promise.reject(new TypeError('offline')),
      () => json(VIEW),
    );
    const { unmount } = render(<VisitorPage {...props} />);
    await screen.findByText(copy['visitor.tooManyTries']);
    unmount();
    history.replaceState(null, '', `/my-enquiry/en#${LINK}`);
    render(<VisitorPage {...props} />);
    await screen.findByText(copy['visitor.loadFailed']);
    await userEvent.click(screen.getByRole('button', { name: copy['form.retry'] }));
    await screen.findByText('MT-000007');
  });
});

describe('writing a message', () => {
  it('refuses an empty message beside the field, sending nothing', async () => {
    const sent = stubApi(() => json(VIEW));
    render(<VisitorPage {...props} />);
    await screen.findByText('MT-000007');
    await userEvent.click(screen.getByRole('button', { name: copy['visitor.write.submit'] }));
    const field = screen.getByLabelText(copy['visitor.write.label']);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('visitor-message-error')?.textContent).toBe(copy['visitor.write.required']);
    expect(sent).toHaveLength(1);
  });

  it('keeps the text and the message id through failures, then shows the message and clears the field', async () => {
    const withMessage: VisitorEnquiryView = {
      ...VIEW,
      conversation: [...VIEW.conversation, { at: '2026-11-23T03:00:00.000Z', from: 'visitor', text: 'Thank you!' }],
    };
    const sent = stubApi(
      () => json(VIEW),
      () => Promise.reject(new TypeError('offline')),
      () => json({ error: 'rate_limited', message: 'wait' }, 429),
      () => json(withMessage),
    );
    render(<VisitorPage {...props} />);
    await screen.findByText('MT-000007');
    const field = screen.getByLabelText(copy['visitor.write.label']);
    await userEvent.type(field, '  Thank you!  ');
    const send = () => userEvent.click(screen.getByRole('button', { name: copy['visitor.write.submit'] }));
    await send();
    await screen.findByText(copy['visitor.failure.network']);
    expect((field as HTMLTextAreaElement).value).toBe('  Thank you!  ');
    await send();
    await screen.findByText(copy['visitor.failure.rateLimited']);
    await send();
    await screen.findByText(copy['visitor.write.sent']);
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('Thank you!')).toBeTruthy();

    const messages: Record<string, unknown>[] = sent.slice(1).map(({ path, data }) => ({ path, ...data }));
    expect(new Set(messages.map((message) => message['message_id'])).size).toBe(1);
    expect(messages[0]).toMatchObject({
      path: '/api/visitor/message',
      link: LINK,
      text: 'Thank you!',
      website: '',
      form_fill_ms: expect.any(Number),
    });
    expect(String(messages[0]?.['message_id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});
