/**
 * A slow phone for browser tests, and a hand on an island's hydration: the
 * test decides when the island's code arrives, so what a visitor does before
 * the island wakes happens before it, every run, whatever the machine's speed.
 */
import type { Page } from 'playwright-core';
import type { IslandName } from './pages';

/** DevTools' and Lighthouse's slow 4G: 150 ms RTT (562.5 ms request latency), 1.6 Mbit/s down and 750 kbit/s up, each at 90 %. */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: Math.floor((1638.4 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
};

/** Lighthouse's mobile CPU: four times slower than this machine. */
export const CPU_SLOWDOWN = 4;

/** Throttles the page's CPU and network through the DevTools protocol, as Lighthouse's mobile run does. */
export async function emulateSlowPhone(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', SLOW_4G);
}

export interface HeldIsland {
  /** Resolves once the page has asked for the island's code (it is visible and wants to hydrate). */
  requested: Promise<void>;
  /** Lets the code through; the island then hydrates. */
  release(): void;
}

/** Holds back the island's component module until `release`, so the island cannot hydrate before then. Call before the page loads. */
export async function holdIsland(page: Page, island: IslandName): Promise<HeldIsland> {
  let asked: () => void = () => undefined;
  let release: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/_astro/${island}.*.js`, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { requested, release };
}
