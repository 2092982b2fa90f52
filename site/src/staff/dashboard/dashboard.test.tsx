// @vitest-environment happy-dom
/**
 * The dashboard page with Testing Library: the figures of GET /api/dashboard
 * drawn as charts with their names, descriptions and tables, the axis scale,
 * durations as staff read them, the period switch asking the API again, and a
 * failed load said plainly.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../../shared/auth';
import {
  type DashboardData,
  type DayFigures,
  daysEnding,
  emptyLocales,
  emptySections,
} from '../../../../shared/dashboard/dashboard';
import DashboardApp from './DashboardApp';
import { niceScale, shortDay } from './chart-parts';
import { DASHBOARD_TEXT } from './words';

let translation = { chars: 12_345, cap: 200_000 };

function figures(days: 30 | 90): DashboardData {
  const series: DayFigures[] = daysEnding('2026-11-20', days).map((day) => ({
    day,
    received: 0,
    sections: emptySections(),
    locales: emptyLocales(),
    firstReplies: 0,
  }));
  const today = series.at(-1) as DayFigures;
  Object.assign(today, {
    received: 3,
    sections: { ...emptySections(), 병원예약: 2, 호텔예약: 1 },
    locales: { ...emptyLocales(), en: 2, ja: 1 },
    firstReplies: 1,
  });
  const month = {
    month: '2026-11',
    received: 3,
    sections: today.sections,
    locales: today.locales,
    firstReplies: 1,
    medianReplyMinutes: 95,
  };
  return {
    today: '2026-11-20',
    days,
    series,
    totals: { received: 3, sections: today.sections, locales: today.locales, firstReplies: 1 },
    open: {
      total: 2,
      buckets: [
        { key: 'under1', count: 2 },
        { key: 'from1to3', count: 0 },
        { key: 'from3to7', count: 0 },
        { key: 'from7to30', count: 0 },
        { key: 'over30', count: 0 },
      ],
    },
    replyTime: { days: 30, medianMinutes: 95, count: 1 },
    months: {
      current: month,
      previous: {
        ...month,
        month: '2026-10',
        received: 0,
        sections: emptySections(),
        locales: emptyLocales(),
        firstReplies: 0,
        medianReplyMinutes: null,
      },
    },
    translation,
  };
}

const asked: string[] = [];

beforeEach(() => {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  window.history.replaceState(null, '', '/dashboard');
  asked.length = 0;
  translation = { chars: 12_345, cap: 200_000 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const days = new URL(url, 'http://localhost').searchParams.get('days') === '90' ? 90 : 30;
      return new Response(JSON.stringify(figures(days)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('chart helpers', () => {
  it('scales the y axis to whole ticks of 1, 2 or 5 times a power of ten', () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(31)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(niceScale(288)).toEqual({ top: 300, ticks: [0, 100, 200, 300] });
    expect(shortDay('2026-01-05')).toBe('1/5');
  });

  it('writes durations as staff read them', () => {
    expect([0, 45, 60, 95, 24 * 60, 26 * 60 + 30, 105.5].map(DASHBOARD_TEXT.duration)).toEqual([
      '0분',
      '45분',
      '1시간',
      '1시간 35분',
      '1일',
      '1일 2시간',
      '1시간 46분',
    ]);
  });
});

describe('DashboardApp', () => {
  it('draws the figures as named, described charts with their tables', async () => {
    render(<DashboardApp />);
    const sections = await screen.findByRole('img', { name: DASHBOARD_TEXT.bySection });
    const summary = document.getElementById(sections.getAttribute('aria-describedby') ?? '');
    expect(summary?.textContent).toBe(
      '최근 30일 접수 3건. 병원예약 2건, 컨시어지 0건, 호텔예약 1건, 통역예약 0건. 가장 많은 날은 2026-11-20 (3건).',
    );
    expect(sections.querySelectorAll('rect')).toHaveLength(2);
    expect(screen.getByRole('img', { name: DASHBOARD_TEXT.byLocale }).querySelectorAll('polyline')).toHaveLength(6);
    expect(screen.getByRole('img', { name: DASHBOARD_TEXT.openByAge })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: DASHBOARD_TEXT.replyTime })).getByText('1시간 35분').className,
    ).toBe('dash-big');
    const monthly = within(screen.getByRole('region', { name: DASHBOARD_TEXT.monthly }));
    expect(monthly.getByRole('columnheader', { name: '2026-11 (이번 달, 오늘까지)' })).toBeTruthy();
    expect(monthly.getByRole('row', { name: /답장 시간 중앙값/ }).textContent).toContain('-');
    expect((screen.getByLabelText(DASHBOARD_TEXT.reportMonth) as HTMLInputElement).value).toBe('2026-11');
    expect(asked).toEqual(['/api/dashboard?days=30']);
  });

  it('asks for 90 days when switched, and keeps it in the address', async () => {
    render(<DashboardApp />);
    await screen.findByRole('img', { name: DASHBOARD_TEXT.bySection });
    await userEvent.click(screen.getByRole('button', { name: '최근 90일' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '최근 90일' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() => expect(document.querySelectorAll('[data-chart="sections"] tbody tr')).toHaveLength(90));
    expect(asked).toEqual(['/api/dashboard?days=30', '/api/dashboard?days=90']);
    expect(window.location.search).toBe('?days=90');
  });

  it("shows today's machine-translation characters against the daily cap, as a figure and a bar", async () => {
    render(<DashboardApp />);
    const card = within(await screen.findByRole('region', { name: '오늘 기계 번역 사용량' }));
    expect(card.getByText('12,345자 / 200,000자').className).toBe('dash-big');
    const bar = card.getByRole('meter', { name: '오늘 기계 번역 사용량' }) as HTMLMeterElement;
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['12345', '200000']);
    expect(card.getByText('하루 한도의 6%', { selector: 'p' })).toBeTruthy();
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('says that translations wait for tomorrow once the cap is reached', async () => {
    translation = { chars: 200_000, cap: 200_000 };
    render(<DashboardApp />);
    const card = within(await screen.findByRole('region', { name: '오늘 기계 번역 사용량' }));
    expect(card.getByRole('alert').textContent).toBe(DASHBOARD_TEXT.translationCapped);
    expect(DASHBOARD_TEXT.translationCapped).toContain('내일');
    expect(card.getByText('하루 한도의 100%', { selector: 'p' })).toBeTruthy();
  });

  it('says so when the figures cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"service_unavailable"}', { status: 503 })),
    );
    render(<DashboardApp />);
    expect((await screen.findByRole('alert')).textContent).toBe(DASHBOARD_TEXT.loadFailed);
  });
});
