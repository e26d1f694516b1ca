import { describe, expect, it } from "vitest";
import { annotationDaysOf } from "./chart-days";

const now = new Date(Date.UTC(2026, 11, 4, 9, 30));
const fixedMtd = { from: "2026-12-01", to: "2026-12-04", interval: "day" as const, tz: "UTC", calendar: "mtd" as const };

describe("annotationDaysOf", () => {
  it("runs an Overview that projects its month on to the month's last day, as its forecast chart does", () => {
    expect(annotationDaysOf("overview", fixedMtd, now)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(annotationDaysOf("overview", { ...fixedMtd, from: "2026-10-01", calendar: "qtd" }, now)).toEqual({ from: "2026-10-01", to: "2026-12-31" });
  });

  it("keeps a view's own days otherwise: another report, other days, or days no longer to date", () => {
    expect(annotationDaysOf("commissions", fixedMtd, now)).toEqual({ from: "2026-12-01", to: "2026-12-04" });
    expect(annotationDaysOf("overview", { from: "2026-11-20", to: "2026-12-04", interval: "day", tz: "UTC" }, now)).toEqual({ from: "2026-11-20", to: "2026-12-04" });
    expect(annotationDaysOf("overview", fixedMtd, new Date(Date.UTC(2026, 11, 6)))).toEqual({ from: "2026-12-01", to: "2026-12-04" });
  });
});
