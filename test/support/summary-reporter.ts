import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `N passed, N failed, N skipped`, after vitest's own summary,
 * so CI logs end with a count any tool can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0)
        failed += 1;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
