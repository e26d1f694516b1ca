/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement one report runs, on a kept
 * bench database (`npm run bench:reports -- --keep` prints its PostgreSQL URL
 * and PGlite folder): where a report's time goes, statement by statement,
 * slowest first.
 *
 *   node --conditions=react-server --import tsx bench/explain-reports.ts <postgres url | pglite folder> <case> <range> [--top N] [--dump <folder>]
 *   --dump writes each statement there as plain SQL (parameters inlined), to time by hand in psql.
 *   case: overview | commissions | invitees | invitee | invite-codes | directory-commission | directory-search
 */
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createDb, queryRows, type Db } from "../lib/db/client";
import { commissionReport } from "../lib/reports/commissions/sql";
import { inviteCodeQuerySchema } from "../lib/reports/invite-codes/contract";
import { inviteeDetailQuerySchema } from "../lib/reports/invitee/contract";
import { rosterQuerySchema } from "../lib/reports/invitees/contract";
import { parseReportFilters } from "../lib/reports/filters";
import { inviteCodesReport } from "../lib/reports/invite-codes/sql";
import { inviteeDetailReport } from "../lib/reports/invitee/sql";
import { directoryPage } from "../lib/reports/invitees/directory";
import { inviteeReport } from "../lib/reports/invitees/sql";
import { overviewReport } from "../lib/reports/overview/sql";

const [url, name, range = "12m"] = process.argv.slice(2);
if (!url || !name) throw new Error("usage: explain-reports.ts <postgres url> <case> [range]");
const dumpDir = process.argv.includes("--dump") ? process.argv[process.argv.indexOf("--dump") + 1] : undefined;
const dialect = new PgDialect();
/** The statement as plain SQL, its parameters inlined as literals (to rerun by hand in psql). */
const inline = (query: SQL): string => {
  const q = dialect.sqlToQuery(query);
  return q.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const v = q.params[Number(n) - 1];
    return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
};
const topAt = process.argv.indexOf("--top");
const top = topAt < 0 ? 3 : Number(process.argv[topAt + 1]);
const NOW = Date.now();
const CONN = "bench";
const handle = await createDb(/^postgres(ql)?:/.test(url) ? { url } : { dataDir: url });
const plans: Array<{ ms: number; text: string }> = [];
/** The same database, each statement explained and then run for its rows (a report's later statements may need them). */
const explaining = new Proxy(handle.db, {
  get(target, prop, receiver) {
    if (prop !== "execute") return Reflect.get(target, prop, receiver) as unknown;
    return async (query: SQL) => {
      const rows = await queryRows<{ "QUERY PLAN": string }>(target, sql`explain (analyze, buffers) ${query}`);
      const text = rows.map((r) => r["QUERY PLAN"]).join("\n");
      const ms = Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
      plans.push({ ms, text });
      if (dumpDir) writeFileSync(path.join(dumpDir, `${name}-${range}-${plans.length}.sql`), `${inline(query)};\n`);
      return target.execute(query);
    };
  },
}) as Db;
const f = parseReportFilters({ range }, new Date(NOW));
const someUid = (await queryRows<{ uid: string }>(handle.db, sql`select uid from invited_users where connection_id = ${CONN} order by uid offset 1000 limit 1`))[0]?.uid ?? "1";
const whale = (await queryRows<{ uid: string }>(handle.db, sql`select uid from commission_uid_coin_monthly where connection_id = ${CONN} group by uid order by sum(items) desc, uid limit 1`))[0]?.uid ?? "1";
const cases: Record<string, (db: Db) => Promise<unknown>> = {
  overview: (db) => overviewReport(db, CONN, f),
  commissions: (db) => commissionReport(db, CONN, f),
  invitees: (db) => inviteeReport(db, CONN, f, rosterQuerySchema.parse({}), NOW),
  invitee: (db) => inviteeDetailReport(db, CONN, f, inviteeDetailQuerySchema.parse({ uid: whale }), NOW),
  "invite-codes": (db) => inviteCodesReport(db, CONN, f, inviteCodeQuerySchema.parse({})),
  "directory-commission": (db) => directoryPage(db, CONN, f, rosterQuerySchema.parse({ sort: "commission" }), NOW),
  "directory-search": (db) => directoryPage(db, CONN, f, rosterQuerySchema.parse({ q: someUid.slice(0, 6) }), NOW),
};
const run = cases[name];
if (!run) throw new Error(`case: ${Object.keys(cases).join(", ")}`);
try {
  await run(handle.db); // warm the cache
  await run(explaining);
  plans.sort((a, b) => b.ms - a.ms);
  console.log(`${name} ${range}: ${plans.length} statements, execution ms: ${plans.map((p) => p.ms.toFixed(1)).join(" ")}`);
  for (const p of plans.slice(0, top)) console.log(`\n---- ${p.ms.toFixed(1)} ms\n${p.text}`);
} finally {
  await handle.close();
}
