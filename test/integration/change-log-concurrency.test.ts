/**
 * Concurrent edits on PostgreSQL from two app instances (two pools on one database): each logged change's "before"
 * is what that edit replaced, so a target's, an annotation's and a campaign cost's logs chain from the first value
 * to the last with no edit lost. Without the row lock, two edits read the same "before" and the chain breaks.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnnotation, updateAnnotation } from "@/lib/annotations/store";
import { createCost, updateCost } from "@/lib/campaign-costs/store";
import { createDb, type DbHandle } from "@/lib/db/client";
import { annotationLog, campaignCostChanges, targetChanges } from "@/lib/db/schema";
import { createTarget, updateTarget } from "@/lib/targets/store";
import { temporaryPostgres } from "../support/postgres";

const CONNECTION = "c1";
const actor = { id: "u_analyst", email: "analyst@example.com" };
const EDITS = 8;
let pg: Awaited<ReturnType<typeof temporaryPostgres>>;
let a: DbHandle;
let b: DbHandle;

beforeAll(async () => {
  pg = await temporaryPostgres();
  a = await createDb({ url: pg.url });
  b = await createDb({ url: pg.url });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await pg?.drop();
});

/** Follows the log's (before → after) steps from the first value: every step used once, ending at the last. */
function chain(first: string, steps: Array<[string, string]>): string[] {
  const next = new Map<string, string>();
  for (const [from, to] of steps) {
    expect(next.has(from), `two edits both logged "${from}" as what they replaced`).toBe(false);
    next.set(from, to);
  }
  const out = [first];
  while (next.has(out.at(-1)!)) out.push(next.get(out.at(-1)!)!);
  return out;
}

/** Each edit writes its own value, half through each instance, all at once. */
const values = Array.from({ length: EDITS }, (_, i) => `${101 + i}`);
const handleOf = (i: number) => (i % 2 === 0 ? a : b);
const at = (i: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, i + 1));

describe("change logs under concurrent edits on PostgreSQL", () => {
  it("a target's log chains every edit", async () => {
    const made = await createTarget(a.db, CONNECTION, { kind: "target", metric: "newTraders", period: "month", starts: "2026-11", value: "100" }, actor, at(-1));
    const finals = await Promise.all(values.map((value, i) => updateTarget(handleOf(i).db, CONNECTION, made.id, { value }, actor, at(i))));
    expect(finals.map((f) => f.value).sort()).toEqual([...values].sort());
    const rows = await a.db.select().from(targetChanges).where(and(eq(targetChanges.targetId, made.id), eq(targetChanges.action, "update")));
    const steps = rows.map((r) => [(r.before as { value: string }).value, (r.after as { value: string }).value] as [string, string]);
    const walked = chain("100", steps);
    expect(walked).toHaveLength(EDITS + 1);
    expect(new Set(walked.slice(1))).toEqual(new Set(values));
  });

  it("an annotation's log chains every edit", async () => {
    const made = await createAnnotation(a.db, CONNECTION, { day: "2026-11-20", text: "100" }, actor, at(-1));
    await Promise.all(values.map((text, i) => updateAnnotation(handleOf(i).db, CONNECTION, made.id, { text }, actor, at(i))));
    const rows = await a.db.select().from(annotationLog).where(and(eq(annotationLog.annotationId, made.id), eq(annotationLog.action, "update")));
    const steps = rows.map((r) => [(r.before as { text: string }).text, (r.after as { text: string }).text] as [string, string]);
    const walked = chain("100", steps);
    expect(walked).toHaveLength(EDITS + 1);
    expect(new Set(walked.slice(1))).toEqual(new Set(values));
  });

  it("a campaign cost's log chains every edit", async () => {
    const made = await createCost(a.db, CONNECTION, "CODE1", { day: "2026-11-20", amount: "100", coin: "USDT", note: "" }, actor, at(-1));
    await Promise.all(values.map((amount, i) => updateCost(handleOf(i).db, CONNECTION, "CODE1", made.id, { amount }, actor, at(i))));
    const rows = await a.db.select().from(campaignCostChanges).where(and(eq(campaignCostChanges.costId, made.id), eq(campaignCostChanges.action, "update")));
    const steps = rows.map((r) => {
      const change = (r.changes as Array<{ field: string; from: string; to: string }>).find((c) => c.field === "amount")!;
      return [change.from, change.to] as [string, string];
    });
    const walked = chain("100", steps);
    expect(walked).toHaveLength(EDITS + 1);
    expect(new Set(walked.slice(1))).toEqual(new Set(values));
  });
});
