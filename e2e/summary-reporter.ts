import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one closing line after the `list` reporter: counts per outcome, wall time, verdict. */
export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, timedOut: 0, skipped: 0, interrupted: 0 };
  private total = 0;

  onBegin(_config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    this.counts[result.status] += 1;
  }

  onEnd(result: FullResult): void {
    const { passed, failed, timedOut, skipped, interrupted } = this.counts;
    const ran = passed + failed + timedOut + skipped + interrupted;
    if (ran === 0 && result.status === 'passed') return; // --list, or nothing matched
    const seconds = (result.duration / 1000).toFixed(1);
    console.log(
      `E2E ${result.status.toUpperCase()}: ${passed} passed, ${failed + timedOut} failed, ${skipped} skipped` +
        `${interrupted ? `, ${interrupted} interrupted` : ''} (${this.total} planned) in ${seconds}s`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}
