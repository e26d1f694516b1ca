#!/usr/bin/env node
// `npm test`: every check, in lanes that run side by side where they do not depend on each other.
//
//   static     next typegen, then tsc --noEmit (the one type check: .next/types included), then
//              next build without its own type check — the build that every app test serves
//   lint       eslint
//   vitest     unit and integration tests (they need no build), from the start
//   instances  the files that start two real `npm start` instances (after the build and vitest)
//   e2e        Playwright in Debian's Chromium (after the build and vitest)
//
// Each lane's lines are printed as they come, prefixed with its name; a summary with every lane's time
// and test counts closes the run. Exit code: 0 only when every lane passed. Options: --only a,b (lanes).
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Not under test-results/: Playwright empties that folder when it starts, beside the instances lane writing its report.
const reports = path.join(root, "test-reports");
mkdirSync(reports, { recursive: true });
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;

/** Runs one command of a lane, its output prefixed; resolves with its exit code. */
function run(lane, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`[${lane}] ${line}\n`);
      });
      stream.on("end", () => rest && process.stdout.write(`[${lane}] ${rest}\n`));
    }
    child.on("error", (error) => {
      process.stdout.write(`[${lane}] cannot run ${command}: ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const results = [];
/** Runs a lane's steps one after another, stopping at the first failure; records its time and outcome. */
async function lane(name, steps, counts = () => null) {
  const from = Date.now();
  console.log(`==== ${name} starts (+${clock()})`);
  let code = 0;
  for (const [command, args, env] of steps) {
    code = await run(name, command, args, env);
    if (code !== 0) break;
  }
  const result = { name, code, seconds: (Date.now() - from) / 1000, counts: counts() };
  results.push(result);
  console.log(`==== ${name} ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${result.seconds.toFixed(0)} s (+${clock()})`);
  return code === 0;
}

/** Passed/failed/skipped from a vitest JSON report, with the names test/support/outcome-reporter.ts wrote. */
function vitestCounts(file, outcomesFile) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const counts = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + (report.numTodoTests ?? 0) };
    try {
      const outcomes = JSON.parse(readFileSync(outcomesFile, "utf8"));
      const line = (o) => `${o.file} › ${o.name}${o.message ? ` — ${o.message}` : ""}`;
      return { ...counts, flaky: outcomes.flaky.length, failedNames: outcomes.failed.map(line), flakyNames: outcomes.flaky.map(line) };
    } catch {
      return counts;
    }
  } catch {
    return null;
  }
}

/**
 * The gist of a failed attempt's error (colour codes stripped): its first lines joined, so the log's tail says why,
 * not only which. One line was not enough: a deep-equality failure's first line names the matcher, not what was received.
 */
function errorGist(test) {
  const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
  if (!error) return "";
  const lines = error.replace(/\u001b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const gist = lines.slice(0, 10).join(" ⏎ ");
  return gist ? ` — ${gist.length > 900 ? `${gist.slice(0, 900)}…` : gist}` : "";
}

/** Every test of a Playwright JSON report whose outcome is `outcome` ("unexpected", "flaky"), as "file › title — why". */
function playwrightNames(suites, outcome, out = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === outcome) out.push(`${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]${errorGist(test)}`);
    }
    playwrightNames(suite.suites, outcome, out);
  }
  return out;
}

/** Passed/failed/skipped from Playwright's JSON report ("flaky" passed on retry and counts as passed). */
function playwrightCounts(file) {
  try {
    const { stats, suites } = JSON.parse(readFileSync(file, "utf8"));
    const counts = { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
    return { ...counts, failedNames: playwrightNames(suites, "unexpected"), flakyNames: playwrightNames(suites, "flaky") };
  } catch {
    return null;
  }
}

const only = (() => {
  const at = process.argv.indexOf("--only");
  return at > 0 ? new Set(process.argv[at + 1].split(",")) : null;
})();
const wanted = (name) => !only || only.has(name);
const skipped = (name) => Promise.resolve(void console.log(`==== ${name} not run (--only)`) ?? true);

const vitestJson = (name) => path.join(reports, `${name}.json`);
const vitestOutcomes = (name) => path.join(reports, `${name}-outcomes.json`);
const vitestArgs = (name, projects) => [
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--reporter=default",
  "--reporter=json",
  "--reporter=./test/support/outcome-reporter.ts",
  `--outputFile.json=${vitestJson(name)}`,
];
/** A vitest lane: its projects, its JSON report and the names of its failed and retried tests. */
const vitestLaneOf = (name, projects) => {
  // A report left by an earlier run must not stand in for this one's.
  for (const file of [vitestJson(name), vitestOutcomes(name)]) rmSync(file, { force: true });
  return lane(name, [[bin("vitest"), vitestArgs(name, projects), { TEST_OUTCOMES_FILE: vitestOutcomes(name) }]], () => vitestCounts(vitestJson(name), vitestOutcomes(name)));
};
const playwrightJson = path.join(reports, "e2e.json");
rmSync(playwrightJson, { force: true });

const staticLane = wanted("static")
  ? lane("static", [
      [bin("next"), ["typegen"]],
      [bin("tsc"), ["--noEmit"]],
      // The type check above is the build's too: `next build` would run it again (next.config.mjs).
      [bin("next"), ["build"], { NEXT_BUILD_SKIP_TYPECHECK: "1" }],
    ])
  : skipped("static");
const lintLane = wanted("lint") ? lane("lint", [[bin("eslint"), [".", "--max-warnings", "0"]]]) : skipped("lint");
const vitestLane = wanted("vitest")
  ? vitestLaneOf("vitest", ["unit", "integration"])
  : skipped("vitest");
// The app lanes wait for the build and for vitest: run beside the integration tests, the browser's pages and the
// instances' servers overloaded 2 cores (load average 15–19) until tests timed out.
const [built] = await Promise.all([staticLane, vitestLane]);
const afterBuild = (name, start) => (!wanted(name) ? skipped(name) : built ? start() : lane(name, [["false", []]]));
const instancesLane = afterBuild("instances", () => vitestLaneOf("instances", ["instances"]));
const e2eLane = afterBuild("e2e", () =>
  lane("e2e", [[bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson }]], () => playwrightCounts(playwrightJson)),
);
await Promise.all([lintLane, vitestLane, instancesLane, e2eLane]);

console.log("\n==== Summary");
let passed = 0;
let failed = 0;
let skippedTests = 0;
for (const r of results) {
  const c = r.counts;
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skippedTests += c.skipped;
  }
  const tests = c ? `  ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${c.flaky ? ` (${c.flaky} flaky)` : ""}` : "";
  console.log(`${r.name.padEnd(10)} ${r.code === 0 ? "ok    " : "FAILED"} ${r.seconds.toFixed(0).padStart(5)} s${tests}`);
}
const ok = results.every((r) => r.code === 0);
console.log(`wall       ${ok ? "ok    " : "FAILED"} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skippedTests} skipped`);
// Named last: the tail of a CI log is often all that is kept.
for (const [heading, key] of [["passed only on a retry", "flakyNames"], ["FAILED", "failedNames"]]) {
  const names = results.flatMap((r) => (r.counts?.[key] ?? []).map((n) => `  ${r.name}: ${n}`));
  if (names.length > 0) console.log(`${heading}:\n${names.join("\n")}`);
}
process.exit(ok ? 0 : 1);
