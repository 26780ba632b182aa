import path from 'node:path';
import type {
  Reporter,
  TestCase,
  TestModule,
  TestRunEndReason,
  TestSuite,
  Vitest,
} from 'vitest/node';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function firstLine(errors: ReadonlyArray<{ message?: string }>): string {
  return (errors[0]?.message ?? 'unknown error').split('\n')[0]!.trim();
}

/** A test left unrun by its file's or a suite's failed set-up, not skipped on purpose. */
function blockedBy(test: TestCase): TestSuite | TestModule | undefined {
  if (test.options.mode === 'skip' || test.options.mode === 'todo') return undefined;
  for (let parent = test.parent; ; parent = parent.parent) {
    if (parent.errors().length > 0) return parent;
    if (parent.type === 'module') return undefined;
  }
}

/**
 * Prints one plain closing line, `N passed, N failed, N skipped`, after vitest's own summary,
 * so CI logs end with a count any tool can read. It is honest: a test that never ran because its
 * file or suite failed to set up (beforeAll, an import error) counts as failed, not skipped; a file
 * or suite that failed with no test left to blame (an import error, afterAll) counts as one
 * failure; each such file is named on its own line above the count.
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
    reason?: TestRunEndReason,
  ): void {
    const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
    const notes: string[] = [];
    for (const testModule of testModules) this.count(testModule, counts, notes);
    counts.failed += unhandledErrors.length;
    if (reason === 'failed' && counts.failed === 0) {
      // e.g. a globalSetup that threw: vitest prints the error; the count must not say all is well.
      counts.failed = 1;
      notes.push('The run failed outside any test (see the error vitest printed).');
    }
    const lines = notes.length > 0 ? `\n${notes.join('\n')}` : '';
    process.stdout.write(
      `${lines}\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }

  private count(testModule: TestModule, counts: Counts, notes: string[]): void {
    const blame = new Map<TestSuite | TestModule, number>();
    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else {
        const blocker = blockedBy(test);
        if (!blocker) counts.skipped += 1;
        else {
          counts.failed += 1;
          blame.set(blocker, (blame.get(blocker) ?? 0) + 1);
        }
      }
    }
    const file = path.relative(this.root, testModule.moduleId);
    for (const owner of [testModule, ...testModule.children.allSuites()]) {
      const errors = owner.errors();
      if (errors.length === 0) continue;
      const unrun = blame.get(owner) ?? 0;
      if (unrun === 0) counts.failed += 1;
      const where = owner.type === 'module' ? file : `${file} > ${owner.fullName}`;
      const what = unrun > 0 ? `, ${unrun} test${unrun === 1 ? '' : 's'} not run` : '';
      notes.push(`FAILED TO RUN ${where}: ${firstLine(errors)}${what}`);
    }
  }
}
