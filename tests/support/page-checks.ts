/** What the browser tests check a page with: waiting for what it shows, and axe's WCAG 2.2 AA rules. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Polls what the page shows until the assertion holds (15 s at most): pages update after their requests answer. */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** What axe finds to fix under WCAG 2.2 AA, one line per rule with the elements it names; axe must have checked something. */
export async function axeViolations(target: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: target })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(result.passes.length).toBeGreaterThan(0);
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(' ')}`,
  );
}
