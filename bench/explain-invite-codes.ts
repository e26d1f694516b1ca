/** EXPLAIN ANALYZE of the Invite codes statement on a realistic warehouse (PostgreSQL): where its time goes. */
import { sql } from "drizzle-orm";
import { createDb, queryRows } from "../lib/db/client";
import { parseReportFilters } from "../lib/reports/filters";
import { inviteCodesStatement } from "../lib/reports/invite-codes";
import { temporaryPostgres } from "../test/support/postgres";
import { fillRealistic } from "./report-data";

const items = Number(process.argv[2] ?? 300_000);
const NOW = Date.now();
const pg = await temporaryPostgres();
const handle = await createDb({ url: pg.url });
try {
  await fillRealistic(handle.db, "bench", items, NOW);
  await handle.db.execute(sql`vacuum analyze`);
  for (const range of ["30d", "12m"]) {
    const plan = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain (analyze, buffers) ${inviteCodesStatement("bench", parseReportFilters({ range }, new Date(NOW)))}`);
    console.log(`\n== ${range}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
} finally {
  await handle.close();
  await pg.drop();
}
