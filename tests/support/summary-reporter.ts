import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: `vitest: N passed, N failed, N skipped`.
 * A file that failed without a failing test (an import error, a failing
 * `beforeAll`, a browser that cannot launch) counts as one failure of its own,
 * so the line never says `0 failed` when something did not run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const brokenFiles: string[] = [];
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      failed += failedHere;
      if (failedHere === 0 && (module.state() === 'failed' || module.errors().length > 0)) {
        failed += 1;
        brokenFiles.push(module.relativeModuleId);
      }
    }
    failed += unhandledErrors.length;
    if (brokenFiles.length)
      console.log(`\nFiles that failed outside any test (counted as failed):\n  ${brokenFiles.join('\n  ')}`);
    if (unhandledErrors.length) console.log(`\nUnhandled errors (counted as failed): ${unhandledErrors.length}`);
    console.log(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
