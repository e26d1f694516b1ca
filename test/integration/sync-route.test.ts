/**
 * /api/sync on the embedded sandbox (demo mode) and an embedded database in a
 * temp folder: status for viewers, "Sync now" for analysts (202), then the
 * status shows every report covered.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as syncRoute from "@/app/api/sync/route";
import type { Role } from "@/lib/auth/roles";
import { setSessionUserResolver } from "@/lib/auth/session";
import { closeDb, getDb } from "@/lib/db/client";
import { seedAppDatabase } from "@/lib/db/seed";
import { dataAsOfIn } from "@/lib/sync/engine";
import { runSync } from "@/lib/sync/scheduler";

const saved = { ...process.env };
let dir: string;
let role: Role = "viewer";
let restore: () => void;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rd-sync-route-"));
  Object.assign(process.env, {
    DATA_DIR: dir,
    BCRYPT_COST: "4",
    SANDBOX_INVITEES: "150",
    SANDBOX_DAYS: "20",
    SANDBOX_BUDGET: "100000",
    WEEX_WEIGHT_LIMIT: "100000",
    SYNC_HISTORY_DAYS: "25",
  });
  delete process.env.DATABASE_URL;
  delete process.env.WEEX_SPOT_BASE_URL;
  delete process.env.APP_ENCRYPTION_KEY;
  vi.spyOn(console, "log").mockImplementation(() => {});
  const db = await getDb();
  await seedAppDatabase(); // as the server's start-up does: the demo user
  const [admin] = await db.query.users.findMany({ limit: 1 });
  restore = setSessionUserResolver(async () => ({ id: admin!.id, email: "t@x.io", name: "t", role }));
});

afterAll(async () => {
  restore();
  await closeDb();
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

type Status = { connectionId: string; dataAsOf: number | null; reports: Array<{ report: string; backfillDone: boolean; coveredTo: number | null; rowsAdded: number }> };

const call = (method: "GET" | "POST") => (method === "GET" ? syncRoute.GET : syncRoute.POST)(new Request("http://localhost/api/sync", { method }));

describe("/api/sync", () => {
  it("shows status to viewers, starts a run for analysts (202), and the status then shows every report covered", async () => {
    role = "viewer";
    const before = await call("GET");
    expect(before.status).toBe(200);
    const status = (await before.json()) as Status;
    expect(status.connectionId).toBe("sandbox");
    expect(status.reports).toHaveLength(6);
    expect(status.dataAsOf).toBeNull();
    expect((await call("POST")).status).toBe(403);

    role = "analyst";
    const started = await call("POST");
    expect(started.status).toBe(202);
    const result = await runSync("sandbox"); // joins the run just started
    expect(result.reports.filter((r) => r.error)).toEqual([]);

    role = "viewer";
    const after = (await (await call("GET")).json()) as Status;
    expect(after.dataAsOf).not.toBeNull();
    for (const r of after.reports) {
      expect(r.backfillDone).toBe(true);
      expect(r.coveredTo).toBe(after.dataAsOf);
    }
    expect(after.reports.reduce((s, r) => s + r.rowsAdded, 0)).toBeGreaterThan(100);
    expect((await dataAsOfIn(await getDb(), "sandbox")).asOf).toBe(after.dataAsOf);
  });
});
