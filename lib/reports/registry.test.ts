import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPORT_CONTRACTS, tableIds } from "./contracts";
import { sourcesOf } from "./coverage-sources";
import { parseReportFilters } from "./filters";
import { isReportName, REPORT_NAMES } from "./names";
import { REPORTS } from "./registry";

const here = path.dirname(new URL(import.meta.url).pathname);
const filters = parseReportFilters(new URLSearchParams("range=30d"), new Date("2026-06-15T12:00:00Z"));

describe("the report registry", () => {
  it("registers every report name once, each under its own name with its own contract", () => {
    expect(new Set(REPORT_NAMES).size).toBe(REPORT_NAMES.length);
    expect(Object.keys(REPORTS).sort()).toEqual([...REPORT_NAMES].sort());
    // Eight distinct definitions: no report filed under two names.
    expect(new Set(Object.values(REPORTS)).size).toBe(REPORT_NAMES.length);
    for (const name of REPORT_NAMES) {
      const definition = REPORTS[name];
      expect(definition.contract.name, name).toBe(name);
      // The browser's contracts are the very objects the server registered.
      expect(definition.contract, name).toBe(REPORT_CONTRACTS[name]);
    }
  });

  it("gives every report a runner, sync sources, a digest headline and one CSV table per contract table", () => {
    for (const name of REPORT_NAMES) {
      const definition = REPORTS[name];
      expect(typeof definition.run, name).toBe("function");
      expect(typeof definition.headline, name).toBe("function");
      const sources = definition.sources(filters);
      expect(sources.length, name).toBeGreaterThan(0);
      expect(new Set(sources).size, name).toBe(sources.length);
      expect(Object.keys(definition.tables), name).toEqual(tableIds(name));
      for (const [id, table] of Object.entries(definition.tables) as Array<[string, { title: string; open: unknown }]>) {
        expect(table.title, `${name}/${id}`).toBe((REPORT_CONTRACTS[name].tables as Record<string, { title: string }>)[id]!.title);
        expect(typeof table.open, `${name}/${id}`).toBe("function");
      }
      expect(definition.contract.title.length, name).toBeGreaterThan(0);
      expect(definition.contract.path, name).toMatch(/^\//);
    }
  });

  it("is the one place a report is defined: one defineReport per report folder, named as the report", () => {
    const calls = readdirSync(here, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((dir) => {
        const file = path.join(here, dir.name, "index.ts");
        let text: string;
        try {
          text = readFileSync(file, "utf8");
        } catch {
          return [];
        }
        return [...text.matchAll(/defineReport<"([^"]+)">\(/g)].map((m) => ({ folder: dir.name, report: m[1] }));
      });
    expect(calls.map((c) => c.folder).sort()).toEqual([...REPORT_NAMES].sort());
    for (const call of calls) expect(call.report, call.folder).toBe(call.folder);
  });

  it("refuses a name that is not a report", async () => {
    for (const name of ["", "nope", "overviews", "OVERVIEW", "__proto__", "constructor", "toString"]) {
      expect(isReportName(name), name).toBe(false);
      expect(Object.hasOwn(REPORTS, name), name).toBe(false);
    }
    // A name the registry does not hold is judged by every sync source (a coverage too strict beats zeros that lie).
    expect(await sourcesOf("nope", filters)).toEqual(expect.arrayContaining(REPORTS.invitee.sources(filters)));
    expect((await sourcesOf("nope", filters)).length).toBeGreaterThan(REPORTS.overview.sources(filters).length);
  });
});
