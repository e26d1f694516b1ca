import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { REPORT_NAMES } from "../names";
import { group, kindOf, money, type FieldKind } from "./fields";
import { REPORT_CONTRACTS } from "./index";

/** Every leaf of a schema (what is neither a group nor a list) with its path and kind, if it has one. */
function leaves(schema: z.ZodType, at = ""): Array<[string, FieldKind | undefined]> {
  const kind = kindOf(schema);
  if (kind) return [[at, kind]];
  if (schema instanceof z.ZodObject) return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([k, s]) => leaves(s, `${at}.${k}`));
  if (schema instanceof z.ZodArray) return leaves(schema.element as z.ZodType, `${at}[]`);
  // A nullable group (fields.ts groupOrNull) or an optional field (fields.ts optional): its leaves, as the field walker reads them.
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) return leaves(schema.unwrap() as z.ZodType, at);
  return [[at, undefined]];
}
const kindedLeaves = (schema: z.ZodType): Array<[string, FieldKind]> => leaves(schema).flatMap(([at, kind]) => (kind ? [[at, kind] as [string, FieldKind]] : []));

describe("report contracts", () => {
  it("name every report, and every leaf of every answer has a kind", () => {
    expect(Object.keys(REPORT_CONTRACTS).sort()).toEqual([...REPORT_NAMES].sort());
    for (const contract of Object.values(REPORT_CONTRACTS)) {
      const all = leaves(contract.answer);
      expect(all.length, contract.name).toBeGreaterThan(5);
      expect(all.filter(([, kind]) => kind === undefined).map(([at]) => at), contract.name).toEqual([]);
    }
    // The check itself: a plain zod leaf (forced past the compiler) is found.
    expect(leaves(z.strictObject({ a: money("USDT"), b: z.string() })).filter(([, kind]) => kind === undefined)).toEqual([[".b", undefined]]);
  });

  it("point every money field's whole at a top-level object of its answer", () => {
    for (const contract of Object.values(REPORT_CONTRACTS)) {
      const top = (contract.answer as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const [at, kind] of kindedLeaves(contract.answer)) {
        if (kind.kind !== "money" || typeof kind.whole === "string") continue;
        const target = "of" in kind.whole ? kind.whole.of : "changeFrom" in kind.whole ? kind.whole.changeFrom : kind.whole.changeTo;
        expect(Object.hasOwn(top, target), `${contract.name}${at} → ${target}`).toBe(true);
      }
    }
  });

  it("give every table column a kind, and tables of invitee rows an invitee-uid column", () => {
    for (const contract of Object.values(REPORT_CONTRACTS)) {
      for (const [id, table] of Object.entries(contract.tables)) {
        expect(Object.keys(table.columns).length, `${contract.name}/${id}`).toBeGreaterThan(0);
        for (const column of Object.values(table.columns)) expect(column.kind.kind, `${contract.name}/${id}`).toMatch(/^(money|count|ratio|uid|date|flag|text)$/);
      }
    }
    const uidColumns = (report: keyof typeof REPORT_CONTRACTS, table: string) =>
      Object.values((REPORT_CONTRACTS[report].tables as Record<string, { columns: Record<string, { kind: FieldKind }> }>)[table]!.columns).filter((c) => c.kind.kind === "uid");
    expect(uidColumns("invitees", "roster")).toEqual([{ header: "uid", kind: { kind: "uid", of: "invitee" } }]);
    expect(uidColumns("commissions", "top-invitees")).toEqual([{ header: "Invitee uid", kind: { kind: "uid", of: "invitee" } }]);
    expect(uidColumns("trade-assets", "invitees")).toEqual([{ header: "Invitee uid", kind: { kind: "uid", of: "invitee" } }]);
  });

  it("refuse, at compile time, a field without a kind", () => {
    // @ts-expect-error a plain zod schema has no kind: it cannot join an answer
    const leaky = group({ paid: money("USDT"), extra: z.string() });
    expect(leaky.shape.extra).toBeDefined();
  });

  it("stay browser-safe: no server-only module, no database", () => {
    const dir = import.meta.dirname;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const imports = [...readFileSync(path.join(dir, file), "utf8").matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
      expect(imports.filter((i) => /server-only|\/db\/|drizzle|\/sync\//.test(i ?? "")), file).toEqual([]);
    }
  });
});
