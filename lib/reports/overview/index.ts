/** The Overview, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { valuedLabel } from "../../prices/words";
import { countUnit, fig, ratioUnit, usdt } from "../../digests/figure";
import { defineReport } from "../define";
import { commissionSources, INVITED_USERS, TRADE_ASSETS } from "../sync-sources";
import { OVERVIEW_FIGURES, overviewContract } from "./contract";
import { overviewReport } from "./sql";
import { overviewTables } from "./tables";

export const overview = defineReport<"overview">({
  contract: overviewContract,
  run: (db, connectionId, filters) => overviewReport(db, connectionId, filters),
  // Commission, fee, volume and active traders; new invitees (registrations only); net deposits.
  sources: () => [...commissionSources(), INVITED_USERS, TRADE_ASSETS],
  tables: overviewTables,
  // An estimate says so in its label ("≈": other coins valued at each day's close); not valued is "—", never 0.
  headline: (a) =>
    OVERVIEW_FIGURES.map((f) => fig(f.key, f.estimate ? valuedLabel(f.label) : f.label, f.unit ? usdt : f.key === "effectiveRate" ? ratioUnit : countUnit, a.current[f.key])),
});
