"use client";

/**
 * One invite code's row of Invite codes' campaign cost and return. A code whose cost is blank (none entered, or not
 * valued) says so once, across the cost and the costs per sign-up, deposit and trade — all blank for that one reason —
 * with a link to enter a cost; its return is blank for it too, said to screen readers only. Its commission, which needs
 * no cost, still shows. (The CSV keeps each figure's own reason: a spreadsheet reads cells one by one.)
 */
import { Link } from "@/components/ui/link";
import { NO_COST } from "@/lib/campaign-costs/figures";
import type { ReturnRow } from "@/lib/campaign-costs/returns-types";
import { formatCount } from "@/lib/format/amount";
import { FigureCell, SaidBlank } from "./figure-cell";

export const COST_DIVIDED = ["costPerSignup", "costPerDeposit", "costPerTrade"] as const;
export type ReturnFigureKey = "cost" | (typeof COST_DIVIDED)[number] | "commission" | "returnRatio";

export function ReturnsRow({ row, columns }: { row: ReturnRow; columns: readonly ReturnFigureKey[] }) {
  const href = `/invite-codes/${encodeURIComponent(row.inviteCode)}`;
  const costBlank = row.cost.value === null;
  return (
    <tr className="border-t border-slate-100 dark:border-slate-800" data-code={row.inviteCode}>
      <td className="px-4 py-1 font-mono">
        <Link href={href} className="underline">
          {row.inviteCode}
        </Link>
      </td>
      <td className="px-2 py-1 text-right">{formatCount(row.signups)}</td>
      {columns.map((key) => {
        if (costBlank && (COST_DIVIDED as readonly string[]).includes(key)) return null; // spanned by the cost's cell
        if (costBlank && key === "cost") {
          return (
            <td key={key} colSpan={1 + COST_DIVIDED.length} className="px-2 py-1 text-slate-600 dark:text-slate-400" data-figure="cost" data-blank>
              — {row.cost.blank}
              {row.cost.blank === NO_COST ? (
                // An action, not a figure: the app's PDF leaves it out.
                <span className="print:hidden">
                  {" · "}
                  <Link href={href} className="font-medium text-slate-900 underline dark:text-slate-100">
                    enter a cost<span className="sr-only"> for {row.inviteCode}</span>
                  </Link>
                </span>
              ) : null}
            </td>
          );
        }
        return (
          <td key={key} className="px-2 py-1 text-right" data-figure={key}>
            {costBlank && key === "returnRatio" ? <SaidBlank words={row.returnRatio.blank} /> : <FigureCell figure={row[key]} ratio={key === "returnRatio"} />}
          </td>
        );
      })}
    </tr>
  );
}
