/** Checks every page visit can make: no console errors or page errors, and no serious or critical axe violation. */
import { appendFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** Collects console errors and uncaught page errors from now on. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    // With the address: "Failed to load resource: … 503" alone does not say which request failed.
    if (message.type() === "error") problems.push(`console.error: ${message.text()}${message.location().url ? ` (${message.location().url})` : ""}`);
  });
  // With the page it happened on: a hydration error's message names no page.
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message} (on ${page.url()})`));
  return problems;
}

/**
 * WCAG 2.1 A/AA violations of serious or critical impact on the page as it is now.
 * `include`: scan only what that selector matches (a dialog: the page behind it is scanned in its own tests, and a long
 * page behind a small dialog made each scan cost seconds). With E2E_AXE_LOG set, each scan's milliseconds and page are
 * appended to that file: how the run's axe time is measured (docs/testing.md).
 */
export async function seriousViolations(page: Page, options: { exclude?: string; include?: string } = {}): Promise<string[]> {
  // A theme switch starts colour transitions (buttons fade over 150 ms): axe measuring contrast mid-fade reports colours
  // no one sees for long. Wait for the running CSS transitions (not endless animations such as spinners) to finish.
  // At most 2 s: a transition on an element the browser does not render (since the annotations merge, one on the
  // Commissions page at 390 px) never finishes, and waiting on it hung the test.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) axe.include(options.include);
  if (options.exclude) axe.exclude(options.exclude);
  const started = Date.now();
  const results = await axe.analyze();
  if (process.env.E2E_AXE_LOG) appendFileSync(process.env.E2E_AXE_LOG, `${Date.now() - started} ${options.include ?? "page"} ${page.url()}\n`);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * The page does not scroll sideways. Polled, not read once: after a viewport change, charts and tables re-measure
 * in ResizeObserver callbacks, which a loaded machine runs a moment later (a single read right after the resize saw the
 * old 1280 px layout). The page must settle to fit within the expect timeout.
 */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${what}: sideways scroll` })
    .toBeLessThanOrEqual(0);
}

/** The box's content wraps within it (no inner sideways scroll), polled for the same reason. */
export async function expectContentWithin(box: Locator, what: string): Promise<void> {
  await expect.poll(() => box.evaluate((el) => el.scrollWidth - el.clientWidth), { message: what }).toBeLessThanOrEqual(0);
}
