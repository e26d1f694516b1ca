import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const alias = {
  "server-only": fileURLToPath(new URL("./test/support/server-only-stub.ts", import.meta.url)),
  "@": fileURLToPath(new URL("./", import.meta.url)),
};

/** The files that start real `npm start` instances: a lane of their own (`npm run test:instances`). */
const INSTANCE_FILES = ["test/integration/multi-instance*.test.ts"];

/**
 * Three lanes (docs/testing.md):
 * - unit: pure functions, no server or database; worker threads that are not reset between files.
 * - integration: the sandbox over real HTTP, PGlite, PostgreSQL, Redis, SMTP; two processes side by side,
 *   each new embedded database copied from the run's migrated template.
 * - instances: two real app instances per file, on the build `npm test` made first; run in its own
 *   vitest process, after unit and integration and beside the e2e lane (scripts/test.mjs).
 */
const project = (name: string, test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: { name, environment: "node", testTimeout: 30_000, hookTimeout: 60_000, ...test },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      project("unit", {
        include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "test/*.test.ts"],
        pool: "threads",
        isolate: false,
      }),
      project("integration", {
        include: ["test/integration/**/*.test.ts"],
        exclude: INSTANCE_FILES,
        pool: "forks",
        // They run beside the type check, the build and lint in `npm test` (scripts/test.mjs): on 2 busy cores a
        // test that takes 10 s alone can take 40. The limits catch hangs, not slowness.
        testTimeout: 120_000,
        hookTimeout: 180_000,
        // As Playwright does in CI: one retry, for a real server's rare timing hiccup on a loaded machine. A test
        // that passes only on its retry is named in the run's summary (test/support/outcome-reporter.ts), never hidden.
        retry: process.env.CI ? 1 : 0,
        globalSetup: ["test/setup/global-pglite-template.ts"],
        setupFiles: ["test/setup/worker-env.ts"],
      }),
      project("instances", {
        include: INSTANCE_FILES,
        pool: "forks",
      }),
    ],
  },
});
