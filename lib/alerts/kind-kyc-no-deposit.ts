/**
 * The funnel alert: invitees who passed KYC and had not deposited D days after
 * signing up (the interface dates no KYC, so the days count from sign-up), more
 * than a count. Milestones are as fresh as the last full read of invited users.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "../db/client";
import { DAY_MS, isoDay } from "../reports/coverage";
import { fullReadRow, loadStates } from "../sync/state";
import type { Evaluator } from "./types";

const INVITED = "getAffiliateUIDs";

export const evaluateKycNoDeposit: Evaluator<"kyc-no-deposit"> = async ({ db, connectionId, params, now }) => {
  const states = await loadStates(db, connectionId);
  const asOf = states.get(fullReadRow(INVITED))?.coveredTo ?? states.get(INVITED)?.coveredTo ?? null;
  if (asOf === null) return { candidates: [], notes: ["Invited users: not synced yet."] };
  // Judged at the milestones' "as of", not at now: a deposit made since is not known yet.
  const cutoff = Math.min(now.getTime(), asOf) - params.days * DAY_MS;
  const rows = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from invited_users
        where connection_id = ${connectionId} and kyc_result and first_deposit is null and register_time <= ${new Date(cutoff).toISOString()}::timestamptz`,
  );
  const n = rows[0]?.n ?? "0";
  if (BigInt(n) <= BigInt(params.count)) return { candidates: [], notes: [] };
  const asOfText = new Date(asOf).toISOString().slice(0, 16).replace("T", " ");
  return {
    candidates: [
      {
        conditionKey: "kyc-no-deposit",
        subject: n,
        sentence: `${n} invitees passed KYC and had not deposited ${params.days} days after signing up (signed up on or before ${isoDay(cutoff)}; threshold ${params.count}; milestones as of ${asOfText} UTC).`,
        figures: { invitees: n, threshold: String(params.count), days: String(params.days), signedUpBy: isoDay(cutoff), milestonesAsOf: new Date(asOf).toISOString() },
        links: [{ label: "Verified invitees", href: "/invitees?kyc=yes" }],
      },
    ],
    notes: [],
  };
};
