// @vitest-environment happy-dom
/**
 * The visitors' rights page against a stubbed API, for an address whose only
 * trace is mail kept apart from the threads (say, an answer to no enquiry):
 * the page says it was found, offers the file and the erasure, and the
 * erasure's message says the kept mail went too.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import PrivacyRequestsApp from './PrivacyRequestsApp';
import { PRIVACY_TEXT } from './words';

signedInStaffMember();

const TEXT = PRIVACY_TEXT.privacyPage;
const ADDRESS = 'anna@example.com';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('an address with kept mail only', () => {
  it('is found, and erasing it says the kept mail went too', async () => {
    const found = {
      email: ADDRESS,
      enquiries: [],
      keptMail: [
        {
          receivedAt: '2026-11-22T10:00:00.000Z',
          box: 'unmatched',
          reason: 'no_match',
          recipients: ['centre@reply.test'],
          from: ADDRESS,
        },
      ],
    };
    const sent = stubStaffApi((path) =>
      json(
        path.endsWith('/erase')
          ? { erased: [], held: [], keptMailRemoved: 1, exportFilesRemoved: 0, backupDays: 35 }
          : found,
      ),
    );
    render(<PrivacyRequestsApp />);
    await userEvent.type(screen.getByLabelText(TEXT.email), ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: TEXT.find }));
    expect(await screen.findByText(TEXT.keptMail(1))).toBeTruthy();
    expect(screen.queryByText(TEXT.none)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: TEXT.erase }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(TEXT.eraseWarning(0, 1, ADDRESS))).toBeTruthy();
    await userEvent.type(dialog.getByLabelText(TEXT.reason), 'Asked by mail');
    await userEvent.type(dialog.getByLabelText(TEXT.confirm), ADDRESS);
    await userEvent.click(dialog.getByRole('button', { name: TEXT.eraseNow }));
    expect((await screen.findByRole('status')).textContent).toBe(TEXT.erased(0, [], 35, 1));
    expect(TEXT.erased(0, [], 35, 1)).toContain('메일 1건');
    expect(sent.map((request) => request.path)).toEqual(['/api/subject', '/api/subject/erase', '/api/subject']);
  });
});
