/**
 * The app's PostgreSQL connections carry the session settings the reports rely
 * on (lib/db/client.ts POSTGRES_SESSION_SETTINGS: work_mem, so a year's
 * per-invitee aggregates stay in memory), unless the URL sets its own options.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersStatementsInParallel, createDb, queryRows } from "@/lib/db/client";
import { temporaryPostgres } from "../support/postgres";

let pg: Awaited<ReturnType<typeof temporaryPostgres>>;
beforeAll(async () => {
  pg = await temporaryPostgres();
});
afterAll(() => pg.drop());

async function workMemOf(url: string): Promise<string | undefined> {
  const handle = await createDb({ url, migrate: false });
  try {
    // Several at once, so more than one pooled connection answers.
    const answers = await Promise.all([1, 2, 3].map(() => queryRows<{ work_mem: string }>(handle.db, sql`show work_mem`)));
    const values = new Set(answers.map((rows) => rows[0]?.work_mem));
    expect(values.size).toBe(1);
    return [...values][0];
  } finally {
    await handle.close();
  }
}

describe("PostgreSQL session settings", () => {
  it("every pooled connection gets the reports' work_mem", async () => {
    expect(await workMemOf(pg.url)).toBe("32MB");
  });

  it("a URL's own options win", async () => {
    const url = new URL(pg.url);
    url.searchParams.set("options", "-c work_mem=6MB");
    expect(await workMemOf(url.toString())).toBe("6MB");
  });
});

describe("how each database answers statements", () => {
  it("a PostgreSQL pool side by side, PGlite one after another (the Overview picks its statements by it)", async () => {
    const postgres = await createDb({ url: pg.url, migrate: false });
    const pglite = await createDb({ dataDir: "memory", migrate: false });
    try {
      expect(answersStatementsInParallel(postgres.db)).toBe(true);
      expect(answersStatementsInParallel(pglite.db)).toBe(false);
    } finally {
      await postgres.close();
      await pglite.close();
    }
  });
});
