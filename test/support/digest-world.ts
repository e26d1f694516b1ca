/**
 * A warehouse with a sandbox world and an analyst who makes digests, for the
 * digest runner's tests (test/integration/digests.test.ts, digest-lease.test.ts).
 */
import { and, eq } from "drizzle-orm";
import { createUser } from "../../lib/auth/users";
import type { Db } from "../../lib/db/client";
import { deliveries, digestRuns, digests, syncState, type DigestRow } from "../../lib/db/schema";
import { newDigestSchema } from "../../lib/digests/input";
import { createDigest } from "../../lib/digests/store";
import { createAffiliateWorld } from "../../lib/sandbox/data/affiliate";
import { REPORTS } from "../../lib/sync/reports";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "./warehouse";

export const DAY = 86_400_000;
export const NOW = Date.UTC(2026, 10, 24, 9, 0, 0); // a Tuesday
/** Monday 2026-11-23 08:00 in Berlin (CET). */
export const MONDAY_DUE = Date.UTC(2026, 10, 23, 7, 0, 0);
export const DATA = "c-data";
export const EMPTY = "c-empty";
const world = createAffiliateWorld({ seed: 12, invitees: 300, days: 120, subAffiliates: 2, restate: false }, NOW);

/** Loads the world into DATA (EMPTY has coverage and no data) and makes an admin and an analyst; the analyst's id. */
export async function loadDigestWorld(db: Db): Promise<string> {
  await loadCommissions(db, DATA, world, NOW);
  await loadInvitees(db, DATA, world, NOW);
  await loadTradeAssetDays(db, DATA, world, NOW, 40);
  const states = [DATA, EMPTY].flatMap((connectionId) =>
    REPORTS.map((r) => ({ connectionId, report: r.key, coveredFrom: NOW - 100 * DAY, coveredTo: NOW - 60_000, backfillDone: true })),
  );
  await db.insert(syncState).values([...states, { connectionId: DATA, report: "getAffiliateUIDs:full-read", coveredTo: NOW - 60_000, backfillDone: true }]);
  await createUser(db, { email: "admin@example.com", password: "a long password 0", role: "admin" }, { bcryptCost: 4 });
  const user = await createUser(db, { email: "analyst@example.com", password: "a long password 1", role: "analyst" }, { bcryptCost: 4 });
  if (!user) throw new Error("no user");
  return user.id;
}

export function digestBody(over: Record<string, unknown> = {}) {
  return newDigestSchema.parse({
    report: "overview",
    query: "range=30d",
    label: "Weekly overview",
    schedule: { kind: "weekly", weekday: 1, time: "08:00", timeZone: "Europe/Berlin" },
    mailTo: ["a@example.com", "b@example.com"],
    webhookEndpointIds: ["wh_1"],
    ...over,
  });
}

/** Makes a digest due at `dueAt` (as if created a week earlier). */
export async function dueDigest(db: Db, owner: string, dueAt: number, over: Record<string, unknown> = {}, connection = DATA): Promise<DigestRow> {
  const row = await createDigest(db, digestBody(over), connection, { id: owner }, new Date(dueAt - 7 * DAY + 60_000));
  const [updated] = await db.update(digests).set({ nextDueAt: new Date(dueAt) }).where(eq(digests.id, row.id)).returning();
  if (!updated) throw new Error("no digest");
  return updated;
}

export const runsOf = (db: Db, id: string) => db.select().from(digestRuns).where(eq(digestRuns.digestId, id));
export const deliveriesOf = (db: Db, id: string) => db.select().from(deliveries).where(and(eq(deliveries.originKind, "digest"), eq(deliveries.originId, id)));
