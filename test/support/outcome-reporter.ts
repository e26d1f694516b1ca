/**
 * A vitest reporter for `npm test` (scripts/test.mjs): writes the names of the
 * tests that failed — with the first lines of their error — and of those that
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
/** An error's first lines joined: a deep-equality failure's first line names the matcher, not what was received. */
const gistOf = (message: string | undefined) => {
  const gist = (message ?? "").split("\n").map((l) => l.trim()).filter((l) => l !== "").slice(0, 8).join(" ⏎ ");
  return gist.length > 600 ? `${gist.slice(0, 600)}…` : gist;
};
const fileOf = (test: TestCase) => path.relative(process.cwd(), test.module.moduleId);

export default class OutcomeReporter implements Reporter {
  private readonly failed: Outcome[] = [];
  private readonly flaky: Outcome[] = [];

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    if (result.state === "failed") {
      this.failed.push({ name: nameOf(test), file: fileOf(test), message: gistOf(result.errors?.[0]?.message) });
    } else if (result.state === "passed" && test.diagnostic()?.flaky) {
      // A retried test keeps the errors of its failed attempts: say why it needed the retry.
      this.flaky.push({ name: nameOf(test), file: fileOf(test), message: gistOf(result.errors?.[0]?.message) || undefined });
    }
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const file = process.env.TEST_OUTCOMES_FILE;
    if (!file) return;
    // A file that failed outside any test (an import error, a hook) has no failed test case: name the file.
    for (const testModule of modules) {
      const errors = testModule.errors();
      if (errors.length > 0) this.failed.push({ name: "(the file itself)", file: path.relative(process.cwd(), testModule.moduleId), message: gistOf(errors[0]?.message) });
    }
    writeFileSync(file, JSON.stringify({ failed: this.failed, flaky: this.flaky }, null, 2));
  }
}
