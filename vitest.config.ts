import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and component tests sit beside the code they test (bench/ too); the suites that span the stack (integration,
    // browser, infra, load) in tests/, grouped by feature.
    include: ['{tests,functions,shared,site/src,local,bench}/**/*.test.{ts,tsx}'],
    // Each integration file starts its own emulators and stack; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    // Browser tests: a failure keeps a Playwright trace and screenshots under test-results/; a CSP violation fails the test.
    setupFiles: ['./tests/support/browser-test-hooks.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
