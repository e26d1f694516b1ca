/**
 * Page weight guards (README, `npm run bench:pages`): the heavy libraries stay
 * out of what every page loads before its first paint.
 */
import { describe, expect, it } from "vitest";
import { clientPackages } from "./support/import-graph";

const DASHBOARD_PAGES = [
  "app/(dashboard)/page.tsx",
  "app/(dashboard)/commissions/page.tsx",
  "app/(dashboard)/sub-affiliates/page.tsx",
  "app/(dashboard)/sub-affiliates/[uid]/page.tsx",
  "app/(dashboard)/invitees/page.tsx",
  "app/(dashboard)/invite-codes/page.tsx",
  "app/(dashboard)/trade-assets/page.tsx",
];

/** Where each package (or one of its subpaths: "zod/mini" is zod too) enters the browser bundle, as "package ← importing chain". */
function offenders(entry: string, packages: readonly string[]): string[] {
  const found = clientPackages(entry);
  return [...found]
    .filter(([specifier]) => packages.some((p) => specifier === p || specifier.startsWith(`${p}/`)))
    .map(([specifier, chain]) => `${specifier} ← ${[...chain].reverse().join(" ← ")}`);
}

describe("what pages load up front", () => {
  it("the shared dashboard layout sends neither zod, nor next-auth/react, nor the chart library", () => {
    expect(offenders("app/(dashboard)/layout.tsx", ["zod", "next-auth/react", "recharts"])).toEqual([]);
  });

  it.each(DASHBOARD_PAGES)("%s loads recharts only lazily, once a chart is on screen", (page) => {
    expect(offenders(page, ["recharts"])).toEqual([]);
  });

  it("the walk sees through to the browser's packages (the guard can fail)", () => {
    // The layout's client components do use React Query and Next's navigation: the graph must find them.
    const found = clientPackages("app/(dashboard)/layout.tsx");
    expect(found.has("@tanstack/react-query")).toBe(true);
    expect(found.has("next/navigation")).toBe(true);
    // A server module's own imports (next-auth's server side, the database) are not the browser's.
    expect(found.has("drizzle-orm")).toBe(false);
  });
});
