import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { parseReportFilters } from "../reports/filters";
import { batchedTable, col, smallTable, type ExportContext, type OpenedTable } from "./table-types";

const ctx: ExportContext = {
  db: {} as Db,
  connectionId: "c1",
  filters: parseReportFilters({ range: "30d" }, new Date(Date.UTC(2026, 10, 20))),
  query: new URLSearchParams("sort=x"),
  now: 0,
  coverage: { state: "complete", historyFrom: null, historyTo: null, loading: false, coveredDays: 30, rangeDays: 30, buckets: [], sources: [], asOf: null, note: "" },
};

async function all(opened: OpenedTable): Promise<Array<Record<string, string>>> {
  const rows: Array<Record<string, string>> = [];
  for await (const batch of opened.batches) rows.push(...batch);
  return rows;
}

const AMOUNT = { kind: "money", coin: "USDT", whole: "column" } as const;
const COUNT = { kind: "count" } as const;

describe("smallTable", () => {
  it("reads once and maps rows to records keyed by column key", async () => {
    let loads = 0;
    const table = smallTable<{ a: string; n: number }, Array<{ a: string; n: number }>>({
      title: "t",
      load: async () => {
        loads++;
        return [{ a: "1.50", n: 2 }];
      },
      columns: [col("a", "A", AMOUNT, (r) => r.a), col("n", "N", COUNT, (r) => String(r.n))],
      rows: (loaded) => loaded,
    });
    const opened = await table.open(ctx);
    expect(opened.columns).toEqual([{ key: "a", header: "A", kind: AMOUNT }, { key: "n", header: "N", kind: COUNT }]);
    expect(await all(opened)).toEqual([{ a: "1.50", n: "2" }]);
    expect(loads).toBe(1);
  });

  it("can derive its columns from what it read (a matrix as wide as the data)", async () => {
    const table = smallTable<string[], string[][]>({
      title: "m",
      load: async () => [["x", "y", "z"]],
      columns: (loaded) => loaded[0]!.map((_, i) => col<string[]>(`m${i}`, `M${i}`, { kind: "ratio" }, (r) => r[i] ?? "")),
      rows: (loaded) => loaded,
    });
    const opened = await table.open(ctx);
    expect(opened.columns.map((c) => c.header)).toEqual(["M0", "M1", "M2"]);
    expect(await all(opened)).toEqual([{ m0: "x", m1: "y", m2: "z" }]);
  });
});

describe("batchedTable", () => {
  it("validates its query when opened, before any row is read, and reads batches lazily", async () => {
    let reads = 0;
    const table = batchedTable({
      title: "b",
      columns: [col<{ uid: string }>("uid", "uid", { kind: "uid", of: "invitee" }, (r) => r.uid)],
      prepare: (c) => {
        if (c.query.get("sort") !== "x") throw new Error("bad sort");
        return c.query.get("sort")!;
      },
      async *batches(_c, sort) {
        for (let i = 0; i < 3; i++) {
          reads++;
          yield [{ uid: `${sort}${i}` }];
        }
      },
    });
    await expect(table.open({ ...ctx, query: new URLSearchParams("sort=y") })).rejects.toThrow("bad sort");
    const opened = await table.open(ctx);
    expect(reads).toBe(0);
    expect(await all(opened)).toEqual([{ uid: "x0" }, { uid: "x1" }, { uid: "x2" }]);
    expect(reads).toBe(3);
  });
});
