// @vitest-environment happy-dom
/**
 * The attachments of a visitor's message as staff see them: a file its
 * malware scan found clean is a download button; one not scanned yet,
 * infected or unscannable says so in Korean and has no button; a refused one
 * says why; every name isolated in a <bdi>, without the bidi controls that
 * would make an `.hta` read as a `.jpg`; a download the server refuses after
 * all (scanned again, infected) says why and goes nowhere.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedAttachment } from '../../../../shared/conversation/visitor-messages';
import { signedInStaffMember, stubStaffApi } from '../../../../tests/support/staff-session';
import AttachmentList from './AttachmentList';
import { CONVERSATION_TEXT } from './words';

signedInStaffMember();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const kept = (name: string, scan?: ListedAttachment['scan']): ListedAttachment => ({
  name,
  type: 'application/pdf',
  size: 2048,
  key: `attachments/abc/${name.length}`,
  ...(scan ? { scan } : {}),
});

const items = (attachments: ListedAttachment[]) => {
  render(<AttachmentList postIndex={7} attachments={attachments} />);
  return screen.getAllByRole('listitem');
};

describe('the attachments of a message', () => {
  it('offer a download only for a file the scan found clean; the others say why, with no button', () => {
    const [clean, pending, infected, unscannable, refused] = items([
      kept('clean.pdf', 'clean'),
      kept('pending.pdf', 'pending'),
      kept('infected.pdf', 'infected'),
      kept('locked.pdf', 'unscannable'),
      { name: 'letter.html', type: 'text/html', size: 100, refused: 'type' },
    ]);
    expect(within(clean!).getByRole('button', { name: CONVERSATION_TEXT.download('clean.pdf (2 KB)') })).toBeTruthy();
    for (const [item, text] of [
      [pending, `pending.pdf (2 KB) · ${CONVERSATION_TEXT.scan.pending}`],
      [infected, `infected.pdf (2 KB) · ${CONVERSATION_TEXT.scan.infected}`],
      [unscannable, `locked.pdf (2 KB) · ${CONVERSATION_TEXT.scan.unscannable}`],
      [refused, `letter.html (1 KB) · ${CONVERSATION_TEXT.refused.type}`],
    ] as const) {
      expect(within(item!).queryByRole('button')).toBeNull();
      expect(item!.textContent).toBe(text);
    }
  });

  it('reads a kept file listed without a scan as not scanned yet: no button', () => {
    const [item] = items([kept('scan.pdf')]);
    expect(within(item!).queryByRole('button')).toBeNull();
    expect(item!.textContent).toContain(CONVERSATION_TEXT.scan.pending);
  });

  it('says why each Office document was refused', () => {
    const refusals = ['inflation', 'active_content', 'unreadable'] as const;
    const listed = items(refusals.map((refused) => ({ name: `${refused}.docx`, size: 1024, refused })));
    refusals.forEach((refused, index) =>
      expect(listed[index]!.textContent).toContain(CONVERSATION_TEXT.refused[refused]),
    );
  });

  it('shows each name isolated in a <bdi>, without a right-to-left override or zero-width character (a name stored before too)', () => {
    const [button, text] = items([
      kept('photo(BK 1) \u202egpj.hta', 'clean'),
      { name: 'scan\u200b\u2067.pdf', size: 10, refused: 'too_large' },
    ]);
    const name = within(button!).getByText('photo(BK 1) gpj.hta');
    expect(name.tagName).toBe('BDI');
    expect(button!.textContent).not.toMatch(/[\u200b\u202e\u2067]/);
    expect(within(text!).getByText('scan.pdf').tagName).toBe('BDI');
  });

  it.each([
    ['attachment_infected', CONVERSATION_TEXT.downloadInfected],
    ['attachment_not_scanned', CONVERSATION_TEXT.downloadNotScanned],
  ])('says why when the server refuses the link after all (%s), and goes nowhere', async (error, shown) => {
    stubStaffApi(
      () =>
        new Response(JSON.stringify({ error, message: 'Refused.' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const [item] = items([kept('scan.pdf', 'clean')]);
    await userEvent.click(within(item!).getByRole('button'));
    expect((await within(item!).findByRole('alert')).textContent).toBe(shown);
    expect(assign).not.toHaveBeenCalled();
  });
});
