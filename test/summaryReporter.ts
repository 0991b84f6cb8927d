import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the ten slowest files (so a slower CI shows where the time went) and one plain line,
 * `tests: N passed, N failed, N skipped`, that any CI can read. Failed tests are named just above that line with their
 * first error line, so a CI that keeps only the tail of the output still says what failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const module of modules) {
      const file = module.moduleId.replace(`${process.cwd()}/`, '');
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failedHere++;
          failures.push(`${file} > ${test.fullName}: ${firstLine(test.result().errors?.[0]?.message)}`);
        }
        else skipped++;
      }
      // A file that failed outside its tests (a hook, an import) counts as one failure, never as none.
      if (module.state() === 'failed' && failedHere === 0) {
        failedHere = 1;
        failures.push(`${file}: ${firstLine(module.errors()[0]?.message)}`);
      }
      failed += failedHere;
    }
    const slowest = modules
      .map((module) => {
        const d = module.diagnostic();
        return { file: module.moduleId.replace(`${process.cwd()}/`, ''), seconds: (d.collectDuration + d.duration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (slowest.length > 1) {
      console.log('\nslowest files:');
      for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
    }
    if (failures.length > 0) {
      console.log('\nfailed:');
      for (const failure of failures) console.log(`  ${failure}`);
    }
    console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}

function firstLine(message: string | undefined): string {
  return (message ?? 'no message').split('\n', 1)[0]?.slice(0, 200) ?? '';
}
