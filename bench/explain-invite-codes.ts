/** EXPLAIN ANALYZE of the Invite codes statement on a realistic warehouse (PostgreSQL): where its time goes. */
import { sql } from "drizzle-orm";
import { createDb, queryRows } from "../lib/db/client";
import { parseReportFilters } from "../lib/reports/filters";
import { inviteCodeQuerySchema } from "../lib/reports/contracts/invite-codes";
import { rosterQuerySchema } from "../lib/reports/contracts/invitees";
import { inviteCodesReport, inviteCodesStatement } from "../lib/reports/invite-codes";
import { inviteeReport } from "../lib/reports/invitees";
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
    // EXPLAIN ANALYZE's own clock reads inflate per-row nodes: the plain timings, beside the Invitees report's on the same rows.
    const f = parseReportFilters({ range }, new Date(NOW));
    for (const [label, run] of [
      ["invite codes", () => inviteCodesReport(handle.db, "bench", f, inviteCodeQuerySchema.parse({}))],
      ["invitees", () => inviteeReport(handle.db, "bench", f, rosterQuerySchema.parse({}), NOW)],
    ] as const) {
      await run();
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
      console.log(`${label} ${range}: ${times.sort((a, b) => a - b).map((t) => t.toFixed(1)).join(" ")} ms`);
    }
  }
} finally {
  await handle.close();
  await pg.drop();
}
