// @vitest-environment happy-dom
/** The detail page's history reads a merge, its undo and a split by the references they name. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../../shared/work/enquiry-work';
import { sampleRecord } from '../../../../tests/support/records';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import HistoryPanel from '../enquiry/HistoryPanel';

signedInStaffMember();

const entry = (type: ThreadEntry['type'], from: string, to: string): ThreadEntry => ({
  at: `2026-11-24T01:00:00.000Z#${type}`,
  type,
  actor: 'kim@example.test',
  from,
  to,
});

describe('the history of merges and splits', () => {
  it('says which enquiry went where, in Korean', () => {
    const thread = [
      entry('merge', 'MT-000005', 'MT-000007'),
      entry('unmerge', 'MT-000005', 'MT-000007'),
      entry('split', 'MT-000007', 'MT-000009'),
    ];
    render(<HistoryPanel record={sampleRecord(7)} thread={thread} onNoted={() => undefined} />);
    const lines = screen.getAllByRole('listitem').map((item) => item.querySelector('.history__what')?.textContent);
    expect(lines.slice(1)).toEqual([
      'MT-000005 문의를 MT-000007 문의로 병합',
      '병합 취소: MT-000005 문의를 MT-000007 문의에서 되돌림',
      'MT-000007 문의의 메시지를 MT-000009 새 문의로 분리',
    ]);
  });

  it("shows the merged enquiry's own form message in the merge's line, and nothing below a merge without one", () => {
    const thread = [
      { ...entry('merge', 'MT-000005', 'MT-000007'), text: 'Хочу обследование' },
      entry('merge', 'MT-000006', 'MT-000007'),
    ];
    render(<HistoryPanel record={sampleRecord(7)} thread={thread} onNoted={() => undefined} />);
    const items = screen.getAllByRole('listitem').slice(1);
    expect(items[0]?.querySelector('.history__note')?.textContent).toBe('MT-000005 문의 내용Хочу обследование');
    expect(items[1]?.querySelector('.history__note')).toBeNull();
  });
});
