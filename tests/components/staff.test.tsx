// @vitest-environment happy-dom
import { RETENTION } from '../../shared/privacy/retention';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BestPackage } from '../../shared/packages/best-package';
import EnquiryTable from '../../site/src/staff/message-box/EnquiryTable';
import Filters from '../../site/src/staff/message-box/Filters';
import MessageBoxApp from '../../site/src/staff/message-box/MessageBoxApp';
import { EditDialog } from '../../site/src/staff/packages/PackageDialogs';
import Pagination from '../../site/src/staff/core/Pagination';
import { STAFF_TEXT } from '../../site/src/staff/core/words';
import { MESSAGE_BOX_TEXT } from '../../site/src/staff/message-box/words';
import { PACKAGES_TEXT } from '../../site/src/staff/packages/words';
import { signedInStaffMember } from '../support/staff-session';
import { sampleRecord } from '../support/records';

const record = sampleRecord;

signedInStaffMember();

describe('EnquiryTable', () => {
  it('shows one row per enquiry with the columns of the message box, the summary linking to the detail', () => {
    render(
      <EnquiryTable
        records={[record(42), record(41, { MEDICAL_SECTION: '병원예약', MAIL_STATUS: 'pending' })]}
        now={Date.parse('2026-11-22T04:00:00Z')}
        viewer="anna@centre.example"
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    // The inherited columns (docs/contract.md, 'The staff record'), then the additive ones.
    expect(headers).toEqual([
      'NO.',
      '문의 내용',
      '이름',
      '연락처',
      '언어',
      '구분',
      '날짜',
      '메일',
      '상태',
      '담당',
      '대기',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Message 42' }).getAttribute('href')).toBe('/detail/42');
    expect(first.getByText('호텔예약')).toBeTruthy();
    expect(first.getByText('러시아어')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('발송 대기')).toBeTruthy();
    // Reference, status, nobody in charge, and how long it has waited (received 01:30 UTC, read at 04:00).
    expect(first.getByText('MT-000042')).toBeTruthy();
    expect(first.getByText('신규')).toBeTruthy();
    expect(first.getByText('2시간')).toBeTruthy();
  });

  it('says how long only open enquiries have waited, in days and hours', () => {
    render(
      <EnquiryTable
        records={[
          record(1, { STATUS: 'in_progress', OWNER: 'anna@centre.example' }),
          record(2, { STATUS: 'answered' }),
        ]}
        now={Date.parse('2026-11-25T05:30:00Z')}
        viewer="anna@centre.example"
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('3일 4시간')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('anna@centre.example')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('답변 완료')).toBeTruthy();
  });

  it("badges a visitor's unread message for its owner (for everyone while nobody owns it), and counts the wait from it", () => {
    const wrote = {
      STATUS: 'visitor_replied' as const,
      LAST_REPLY_AT: '2026-11-21T02:00:00.000Z',
      LAST_VISITOR_AT: '2026-11-25T03:30:00.000Z',
      UNREAD_VISITOR_AT: '2026-11-25T03:30:00.000Z',
    };
    render(
      <EnquiryTable
        records={[
          record(3, { ...wrote, OWNER: 'anna@centre.example' }),
          record(2, { ...wrote, OWNER: 'boris@centre.example' }),
          record(1, wrote),
        ]}
        now={Date.parse('2026-11-25T05:30:00Z')}
        viewer="anna@centre.example"
      />,
    );
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row as HTMLElement));
    const badge = (row: (typeof rows)[number]) => row.queryByText(MESSAGE_BOX_TEXT.unread, { exact: false });
    expect(badge(rows[0] as (typeof rows)[number])?.textContent).toBe(
      `${MESSAGE_BOX_TEXT.unread}${MESSAGE_BOX_TEXT.unreadMeaning}`,
    );
    expect(badge(rows[1] as (typeof rows)[number])).toBeNull();
    expect(badge(rows[2] as (typeof rows)[number])).not.toBeNull();
    expect(rows[0]?.getByText('방문자 답장')).toBeTruthy();
    // Waited since the visitor's message (03:30), not since the enquiry came in.
    expect(rows[0]?.getByText('2시간')).toBeTruthy();
  });

  it('shows a message that looks like HTML as text, and shortens long ones', () => {
    const { container } = render(
      <EnquiryTable
        records={[record(1, { CONTEXT: '<img src=x onerror=alert(1)>' }), record(2, { CONTEXT: 'x'.repeat(100) })]}
        now={Date.now()}
        viewer="anna@centre.example"
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(screen.getByRole('link', { name: `${'x'.repeat(40)}…` })).toBeTruthy();
  });
});

describe('Pagination', () => {
  const pages = () =>
    screen.queryAllByRole('button', { name: /페이지$/ }).filter((button) => /^\d+$/.test(button.textContent ?? ''));
  const rowsToPages = (rows: number) => Math.ceil(rows / 13);

  it.each([
    [0, 0],
    [1, 0],
    [13, 0],
  ])('shows no pagination for %i rows (one page or none)', (rows) => {
    const { container } = render(<Pagination page={1} totalPages={rowsToPages(rows)} onPage={() => undefined} />);
    expect(container.querySelector('nav')).toBeNull();
  });

  it('shows two pages for 14 rows, the first current and previous disabled', () => {
    render(<Pagination page={1} totalPages={rowsToPages(14)} onPage={() => undefined} />);
    expect(pages().map((button) => button.textContent)).toEqual(['1', '2']);
    expect(screen.getByRole('button', { name: '1페이지' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: STAFF_TEXT.previous }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    [1, ['1', '2', '3', '4', '5', '75', '76', '77']],
    [40, ['1', '2', '3', '38', '39', '40', '41', '42', '75', '76', '77']],
    [77, ['1', '2', '3', '73', '74', '75', '76', '77']],
  ])('for 1,000 rows (77 pages) on page %i shows the margins and the window', (page, expected) => {
    render(<Pagination page={page} totalPages={rowsToPages(1_000)} onPage={() => undefined} />);
    expect(pages().map((button) => button.textContent)).toEqual(expected);
  });

  it('moves with the arrows and the page links', async () => {
    const onPage = vi.fn();
    render(<Pagination page={40} totalPages={77} onPage={onPage} />);
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.next }));
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.previous }));
    await userEvent.click(screen.getByRole('button', { name: '77페이지' }));
    expect(onPage.mock.calls.map((call) => call[0])).toEqual([41, 39, 77]);
  });
});

describe('Filters', () => {
  it('applies a section and a date range from page 1, and resets to everything', async () => {
    const onApply = vi.fn();
    render(<Filters query={{ page: 5 }} onApply={onApply} />);
    await userEvent.selectOptions(screen.getByLabelText(MESSAGE_BOX_TEXT.sectionFilter), '통역예약');
    await userEvent.type(screen.getByLabelText(STAFF_TEXT.from), '2026-11-01');
    await userEvent.type(screen.getByLabelText(STAFF_TEXT.to), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.apply }));
    expect(onApply).toHaveBeenLastCalledWith({ page: 1, section: '통역예약', from: '2026-11-01', to: '2026-11-30' });
    await userEvent.click(screen.getByRole('button', { name: MESSAGE_BOX_TEXT.reset }));
    expect(onApply).toHaveBeenLastCalledWith({ page: 1 });
  });
});

describe('Filters: suspected spam apart', () => {
  it('lists the suspected spam alone when asked, and back to the kept enquiries on reset', async () => {
    const onApply = vi.fn();
    render(<Filters query={{ page: 3 }} onApply={onApply} />);
    await userEvent.click(screen.getByLabelText(MESSAGE_BOX_TEXT.spamOnly));
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.apply }));
    expect(onApply).toHaveBeenLastCalledWith({ page: 1, spam: true });
    await userEvent.click(screen.getByRole('button', { name: MESSAGE_BOX_TEXT.reset }));
    expect(onApply).toHaveBeenLastCalledWith({ page: 1 });
  });
});

describe('MessageBoxApp', () => {
  it('loads the page of the address through the API and shows the rows, the total and the pages', async () => {
    window.history.replaceState(null, '', '/view?page=2&section=%ED%98%B8%ED%85%94%EC%98%88%EC%95%BD');
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/retention'
        ? new Response(JSON.stringify({ due: { enquiries: 0, spam: 4 }, periods: RETENTION }), { status: 200 })
        : url === '/api/tags'
          ? new Response(JSON.stringify([{ tag: 'VIP', count: 3 }]), { status: 200 })
          : new Response(JSON.stringify(Array.from({ length: 13 }, (_, i) => record(987 - i))), {
              status: 200,
              headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1000' },
            }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<MessageBoxApp />);
    await screen.findByText('총 1,000건');
    expect(screen.getAllByRole('row')).toHaveLength(14);
    const [url, init] = fetchMock.mock.calls.find(([called]) => called === '/api/view') as unknown as [
      string,
      RequestInit,
    ];
    expect(url).toBe('/api/view');
    // No enquiry past its period (spam goes unannounced): no notice.
    expect(screen.queryByText(/자동 삭제/)).toBeNull();
    expect(JSON.parse(String(init.body))).toEqual({ page: 2, limit: 13, section: '호텔예약' });
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer test-token');
    expect(screen.getByRole('button', { name: '2페이지' }).getAttribute('aria-current')).toBe('page');
    // The tag filter offers the tags in use with their counts.
    expect(await screen.findByRole('option', { name: 'VIP (3)' })).toBeTruthy();
  });

  it('says there is no access permission when the list is refused', async () => {
    window.history.replaceState(null, '', '/view');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"forbidden"}', { status: 403 })),
    );
    render(<MessageBoxApp />);
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_TEXT.noAccess);
  });

  it('says the server is not answering, not that permission is missing, when a service is down or the network fails', async () => {
    window.history.replaceState(null, '', '/view');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"service_unavailable"}', { status: 503 })),
    );
    const { unmount } = render(<MessageBoxApp />);
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_TEXT.serviceDown);
    unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<MessageBoxApp />);
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_TEXT.serviceDown);
  });

  it("announces how many enquiries tonight's retention run deletes", async () => {
    window.history.replaceState(null, '', '/view');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/retention'
          ? new Response(JSON.stringify({ due: { enquiries: 1234, spam: 0 }, periods: RETENTION }), { status: 200 })
          : new Response('[]', { status: 200, headers: { 'X-Total-Count': '0' } }),
      ),
    );
    render(<MessageBoxApp />);
    expect((await screen.findByText(/자동 삭제/)).textContent).toBe(
      MESSAGE_BOX_TEXT.retentionDue(1234, RETENTION.enquiryMonths),
    );
    expect(MESSAGE_BOX_TEXT.retentionDue(1234, 36)).toContain('1,234건');
  });

  it('shows the empty state when nothing matches', async () => {
    window.history.replaceState(null, '', '/view?from=2020-01-01&to=2020-01-02');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200, headers: { 'X-Total-Count': '0' } })),
    );
    render(<MessageBoxApp />);
    expect(await screen.findByText(MESSAGE_BOX_TEXT.empty)).toBeTruthy();
  });
});

describe('EditDialog', () => {
  const pkg: BestPackage = {
    INDEX: 2,
    TITLE: '제목',
    TITLE_kr: '제목',
    TITLE_en: 'Title',
    TITLE_ch: '标题',
    TITLE_ru: 'Заголовок',
    CONTENT_kr: '내용',
    CONTENT_en: 'Content',
    CONTENT_ch: '内容',
    CONTENT_ru: 'Текст',
    FILE_THUMB: 'a.webp',
    FILE_THUMB_en: 'a.webp',
    FILE_THUMB_ch: 'a.webp',
    FILE_THUMB_ru: 'a.webp',
    FILE_POPUP: 'board.webp',
  };

  it('opens as a labelled modal dialog holding the current texts', () => {
    render(<EditDialog pkg={pkg} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: /BEST 2/ });
    expect(dialog).toBeTruthy();
    expect((screen.getByLabelText('제목 (영어)') as HTMLInputElement).value).toBe('Title');
    expect((screen.getByLabelText('내용 (러시아어)') as HTMLTextAreaElement).value).toBe('Текст');
    expect((screen.getByLabelText('제목 (일본어)') as HTMLInputElement).value).toBe('');
  });

  it('saves the edited titles through /api/modalinput and reports success', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(pkg), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    render(<EditDialog pkg={pkg} onClose={() => undefined} onSaved={onSaved} />);
    const title = screen.getByLabelText('제목 (영어)');
    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/modalinput');
    expect(JSON.parse(String(init.body)).data).toMatchObject({
      index: 2,
      title_en: 'New title',
      title_kr: '제목',
      content_ru: 'Текст',
    });
  });

  it('shows "no permission" when the save is refused, and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"forbidden"}', { status: 403 })),
    );
    const onSaved = vi.fn();
    render(<EditDialog pkg={pkg} onClose={() => undefined} onSaved={onSaved} />);
    const title = screen.getByLabelText('제목 (중국어)');
    await userEvent.clear(title);
    await userEvent.type(title, '新的标题');
    await userEvent.click(screen.getByRole('button', { name: STAFF_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_TEXT.noPermission);
    expect((screen.getByLabelText('제목 (중국어)') as HTMLInputElement).value).toBe('新的标题');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image before uploading anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<EditDialog pkg={pkg} onClose={() => undefined} onSaved={() => undefined} />);
    const input = screen.getByLabelText(PACKAGES_TEXT.boardImage) as HTMLInputElement;
    await userEvent.upload(input, new File(['not an image'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect((await screen.findByText(PACKAGES_TEXT.notAnImage)).getAttribute('role')).toBe('alert');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('refused saves name what was refused in Korean', () => {
  it('names refused images and fields by their labels, never by payload names', async () => {
    const { refusal } = await import('../../site/src/staff/packages/PackageDialogs');
    const { StaffApiError } = await import('../../site/src/staff/core/api');
    const image = refusal(
      new StaffApiError(400, 'invalid_input', { imgUP: 'The file is not a JPEG, PNG, WebP, AVIF or GIF image' }),
    );
    expect(image).toContain('보드 이미지');
    expect(image).toContain(PACKAGES_TEXT.notAnImage);
    expect(image).not.toContain('imgUP');
    expect(refusal(new StaffApiError(400, 'invalid_input', { imgUP_ru: 'x', title_en: 'Required' }))).toBe(
      `${PACKAGES_TEXT.refusedImage}팝업 이미지 (러시아어). ${PACKAGES_TEXT.notAnImage} ${STAFF_TEXT.checkFields}제목 (영어)`,
    );
    expect(refusal(new StaffApiError(403, 'forbidden'))).toBe(STAFF_TEXT.noPermission);
  });
});
