/** The sync run log (lib/sync/run-log.ts) on PGlite: a run's start, heartbeat and end; a month's runs kept per connection. */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { syncRuns } from "@/lib/db/schema";
import { logRunEnd, logRunHeartbeat, logRunStart } from "@/lib/sync/run-log";

describe("the sync run log", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory" });
  });
  afterAll(async () => {
    await handle.close();
  });

  it("records a run from start to end, and forgets the connection's runs older than 30 days when one ends", async () => {
    const { db } = handle;
    await db.insert(syncRuns).values([
      { connectionId: "c1", owner: "old", startedAt: sql`clock_timestamp() - interval '31 days'` },
      { connectionId: "c1", owner: "recent", startedAt: sql`clock_timestamp() - interval '29 days'` },
      { connectionId: "c2", owner: "other connection", startedAt: sql`clock_timestamp() - interval '31 days'` },
    ]);
    const id = await logRunStart(db, "c1", "me");
    const [started] = await db.select().from(syncRuns).where(eq(syncRuns.id, id));
    expect(started?.finishedAt).toBeNull();
    await logRunHeartbeat(db, id);
    const [beat] = await db.select().from(syncRuns).where(eq(syncRuns.id, id));
    expect(beat!.renewedAt.getTime()).toBeGreaterThanOrEqual(started!.renewedAt.getTime());
    await logRunEnd(db, id, "done", { pages: 7, rowsAdded: 3, rowsChanged: 1 });

    const rows = await db.select().from(syncRuns).orderBy(asc(syncRuns.connectionId), asc(syncRuns.startedAt));
    expect(rows.map((r) => `${r.connectionId} ${r.owner}`)).toEqual(["c1 recent", "c1 me", "c2 other connection"]);
    const mine = rows.find((r) => r.owner === "me")!;
    expect(mine).toMatchObject({ outcome: "done", pages: 7, rowsAdded: 3, rowsChanged: 1 });
    expect(mine.finishedAt!.getTime()).toBeGreaterThanOrEqual(mine.startedAt.getTime());
  });
});
