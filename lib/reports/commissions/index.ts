/** The Commissions report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { coinUnit, countUnit, fig } from "../../digests/figure";
import { defineReport } from "../define";
import { commissionSources } from "../sync-sources";
import { commissionsContract } from "./contract";
import { commissionReport } from "./sql";
import { commissionTables } from "./tables";

export const commissions = defineReport<"commissions">({
  contract: commissionsContract,
  run: (db, connectionId, filters) => commissionReport(db, connectionId, filters),
  sources: (f) => commissionSources(f.product),
  tables: commissionTables,
  headline: (a) =>
    a.totals.flatMap((t) => [
      fig(`commission:${t.coin}`, `Commission (${t.coin})`, coinUnit(t.coin), t.commission),
      fig(`fee:${t.coin}`, `Net fee (${t.coin})`, coinUnit(t.coin), t.fee),
      fig(`invitees:${t.coin}`, `Invitees with ${t.coin} commission`, countUnit, t.invitees),
    ]),
});
