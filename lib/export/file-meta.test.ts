import { describe, expect, it } from "vitest";
import { REPORT_CONTRACTS } from "../reports/contracts";
import { money, ratio, instant, day, count, uid, text, flag, kindOfField } from "../reports/contracts/fields";
import { asOfStamp, contentDisposition, csvFilename, headerWithUnit, pdfFilename, unitOf } from "./file-meta";

const AS_OF = Date.UTC(2026, 10, 24, 13, 56, 42, 123);

describe("file names", () => {
  it("hold report, table, range and the as-of minute in UTC", () => {
    expect(csvFilename({ report: "commissions", range: { from: "2026-10-26", to: "2026-11-24" }, asOf: AS_OF }, "by-symbol")).toBe(
      "commissions_by-symbol_2026-10-26_2026-11-24_asof-2026-11-24T1356Z.csv",
    );
    expect(pdfFilename({ report: "invitees", range: { from: "2026-10-26", to: "2026-11-24" }, asOf: AS_OF }, "portrait")).toBe(
      "invitees_2026-10-26_2026-11-24_asof-2026-11-24T1356Z_portrait.pdf",
    );
  });

  it("say when nothing is synced, and mark a view that does not cover its range", () => {
    expect(asOfStamp(null)).toBe("not-synced");
    expect(csvFilename({ report: "overview", range: { from: "2026-01-01", to: "2026-01-31" }, asOf: null, partial: true }, "trend")).toBe(
      "overview_trend_2026-01-01_2026-01-31_asof-not-synced_partial.csv",
    );
  });

  it("pads the minute and hour (midnight, single digits)", () => {
    expect(asOfStamp(Date.UTC(2026, 0, 2, 3, 4))).toBe("2026-01-02T0304Z");
    expect(asOfStamp(Date.UTC(2026, 11, 31, 0, 0, 59))).toBe("2026-12-31T0000Z");
  });

  it("keep only file-system-safe characters in every part", () => {
    const name = csvFilename({ report: "a b/c", range: { from: "2026-01-01", to: "2026-01-31" }, asOf: 0 }, '../"x"\\é');
    expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(name).toBe("a-b-c_..-x_2026-01-01_2026-01-31_asof-1970-01-01T0000Z.csv");
  });
});

describe("Content-Disposition", () => {
  it("gives an ASCII quoted name and the exact name as RFC 5987 filename*", () => {
    expect(contentDisposition("commissions_by-symbol_2026-10-26_2026-11-24_asof-2026-11-24T1356Z.csv")).toBe(
      `attachment; filename="commissions_by-symbol_2026-10-26_2026-11-24_asof-2026-11-24T1356Z.csv"; filename*=UTF-8''commissions_by-symbol_2026-10-26_2026-11-24_asof-2026-11-24T1356Z.csv`,
    );
    expect(contentDisposition(`Prämie "Q4" (a*b)'.csv`)).toBe(`attachment; filename="Pr_mie _Q4_ (a*b)'.csv"; filename*=UTF-8''Pr%C3%A4mie%20%22Q4%22%20%28a%2Ab%29%27.csv`);
  });
});

describe("header units from field kinds", () => {
  const kind = (field: Parameters<typeof kindOfField>[0]) => kindOfField(field);

  it("money in its fixed coin, or the view's coin when the coin is the row's", () => {
    expect(headerWithUnit("Commission", kind(money("USDT")))).toBe("Commission (USDT)");
    expect(headerWithUnit("Commission", kind(money("row")), { viewCoin: "BTC" })).toBe("Commission (BTC)");
    expect(headerWithUnit("Commission", kind(money("row")))).toBe("Commission (coin of the row)");
  });

  it("ratios as fractions, instants in UTC; counts, ids, days, flags and text without a unit", () => {
    expect(headerWithUnit("Share", kind(ratio()))).toBe("Share (fraction)");
    expect(headerWithUnit("Registered", kind(instant()))).toBe("Registered (UTC)");
    for (const field of [count(), uid("invitee"), day(), flag(), text()]) expect(headerWithUnit("Name", kind(field))).toBe("Name");
    expect(unitOf(kind(day()))).toBeUndefined();
  });

  it("leaves a header that already names its unit as it is", () => {
    expect(headerWithUnit("Volume (USDT)", kind(money("USDT")))).toBe("Volume (USDT)");
    expect(headerWithUnit("Volume (USDT)", kind(money("row")), { viewCoin: "USDT" })).toBe("Volume (USDT)");
  });

  it("every money, ratio and instant column of every contract table gets a unit", () => {
    for (const [report, contract] of Object.entries(REPORT_CONTRACTS)) {
      for (const [id, table] of Object.entries(contract.tables)) {
        for (const column of Object.values(table.columns)) {
          const header = headerWithUnit(column.header, column.kind, { viewCoin: "USDT" });
          const needsUnit = column.kind.kind === "money" || column.kind.kind === "ratio" || (column.kind.kind === "date" && column.kind.instant === true);
          if (needsUnit) expect(header, `${report}/${id}: ${column.header}`).toMatch(/\((≈ )?(USDT|BTC|fraction|UTC)\)$/);
          else expect(header, `${report}/${id}: ${column.header}`).toBe(column.header);
        }
      }
    }
  });
});
