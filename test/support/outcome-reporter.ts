/**
 * A vitest reporter for `npm test` (scripts/test.mjs): writes the names of the
 * tests that failed — with the first line of their error — and of those that
 * passed only on a retry, to the file TEST_OUTCOMES_FILE names. The run's
 * summary prints them last, so the tail of a CI log (often all that is kept)
 * says which test failed, not just how many.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";

interface Outcome {
  name: string;
  file: string;
  message?: string;
}

const nameOf = (test: TestCase) => test.fullName;
const fileOf = (test: TestCase) => path.relative(process.cwd(), test.module.moduleId);

export default class OutcomeReporter implements Reporter {
  private readonly failed: Outcome[] = [];
  private readonly flaky: Outcome[] = [];

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    if (result.state === "failed") {
      const first = result.errors?.[0];
      const message = (first?.message ?? "").split("\n")[0]?.slice(0, 300) ?? "";
      this.failed.push({ name: nameOf(test), file: fileOf(test), message });
    } else if (result.state === "passed" && test.diagnostic()?.flaky) {
      this.flaky.push({ name: nameOf(test), file: fileOf(test) });
    }
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const file = process.env.TEST_OUTCOMES_FILE;
    if (!file) return;
    // A file that failed outside any test (an import error, a hook) has no failed test case: name the file.
    for (const testModule of modules) {
      const errors = testModule.errors();
      if (errors.length > 0) this.failed.push({ name: "(the file itself)", file: path.relative(process.cwd(), testModule.moduleId), message: (errors[0]?.message ?? "").split("\n")[0] ?? "" });
    }
    writeFileSync(file, JSON.stringify({ failed: this.failed, flaky: this.flaky }, null, 2));
  }
}
