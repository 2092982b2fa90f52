/** bench/blocking-time.ts: the browser's share of Lighthouse's TBT, with task lists shaped like the runs of 2026-11-23. */
import { describe, expect, it } from 'vitest';
import { browserBlockingMs } from './blocking-time';

const PAGE = 'http://127.0.0.1:38681/JpPage';

describe("the browser's share of TBT", () => {
  it('counts the part of an unattributable task past simulated FCP beyond 50 ms, and no page task', () => {
    // The control page's worst run: the navigation commit, 603-815 ms, FCP 624, TTI 815 -> 191 - 50.
    expect(browserBlockingMs([{ url: 'Unattributable', startTime: 603, duration: 212 }], 624, 815)).toBe(141);
    // A language page: the commit straddles FCP (737 - 670 = 67 -> 17); the page's layout task is not the browser's.
    const tasks = [
      { url: 'Unattributable', startTime: 605, duration: 132 },
      { url: PAGE, startTime: 781, duration: 118 },
    ];
    expect(browserBlockingMs(tasks, 670, 880)).toBe(17);
  });

  it('counts nothing of a task that ends before FCP or whose part past it is at most 50 ms', () => {
    expect(browserBlockingMs([{ url: 'Unattributable', startTime: 500, duration: 120 }], 650, 900)).toBe(0);
    expect(browserBlockingMs([{ url: 'Unattributable', startTime: 603, duration: 121 }], 717, 910)).toBe(0);
  });

  it('stops at TTI, as TBT does', () => {
    expect(browserBlockingMs([{ url: 'Unattributable', startTime: 700, duration: 300 }], 650, 800)).toBe(50);
  });
});
