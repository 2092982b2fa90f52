import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // Each integration file starts its own emulators and stack; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    // A failing browser test keeps a Playwright trace and screenshots under test-results/ and names them.
    setupFiles: ['./tests/support/failure-artifacts.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
