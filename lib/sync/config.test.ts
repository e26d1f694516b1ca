import { describe, expect, it } from "vitest";
import { periodsOf } from "@/lib/reports/periods";
import { resolveDateRange } from "@/lib/url-state/date-range";
import { DEFAULT_SYNC_CONFIG } from "./config";
import { earliestDay } from "./windows";

describe("the default history", () => {
  // Every day of a year: the 31st of a long month, a leap day's year, the 1st.
  const nows = [Date.UTC(2026, 10, 26, 11), Date.UTC(2026, 0, 31, 23, 59), Date.UTC(2028, 2, 1, 0, 30), Date.UTC(2026, 11, 31, 12)];
  // Last month and last quarter a year earlier reach further back (up to 427 and 549 days): SYNC_HISTORY_DAYS says so.
  for (const range of ["7d", "30d", "mtd"] as const) {
    it(`holds the same days a year earlier of the ${range} view`, () => {
      for (const now of nows) {
        const yearAgo = periodsOf(resolveDateRange({ range }, new Date(now))).yearAgo;
        const firstHeld = earliestDay(now, DEFAULT_SYNC_CONFIG.historyDays);
        expect(Date.parse(`${yearAgo.from}T00:00:00Z`), `${range} on ${new Date(now).toISOString()}`).toBeGreaterThanOrEqual(firstHeld);
      }
    });
  }
});
