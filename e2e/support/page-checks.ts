/** Checks every page visit can make: no console errors or page errors, and no serious or critical axe violation. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Collects console errors and uncaught page errors from now on. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** WCAG 2.1 A/AA violations of serious or critical impact on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A theme switch starts colour transitions (buttons fade over 150 ms): axe measuring contrast mid-fade reports colours
  // no one sees for long. Wait for the running CSS transitions (not endless animations such as spinners) to finish.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
