/** The summary above the tickers table: markets, advancing / declining, top gainer and loser. */
import { useMemo, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { EMPTY_VALUE, compareDecimals, directionOf, formatFractionAsPercent } from "@/lib/format/decimal";
import { Change } from "./change";
import type { TickerRow } from "./rows";

export function TickerStats({ rows }: { rows: readonly TickerRow[] }) {
  const stats = useMemo(() => {
    let up = 0;
    let down = 0;
    let best: TickerRow | undefined;
    let worst: TickerRow | undefined;
    for (const row of rows) {
      const direction = directionOf(row.ticker.priceChangePercent, 4);
      if (direction === "up") up += 1;
      if (direction === "down") down += 1;
      if (!best || compareDecimals(row.ticker.priceChangePercent, best.ticker.priceChangePercent) > 0) best = row;
      if (!worst || compareDecimals(row.ticker.priceChangePercent, worst.ticker.priceChangePercent) < 0) worst = row;
    }
    return { up, down, flat: rows.length - up - down, best, worst };
  }, [rows]);

  const items: Array<{ label: string; value: ReactNode }> = [
    { label: "Markets", value: <span className="text-slate-900 dark:text-white">{rows.length}</span> },
    {
      label: "Advancing / declining",
      value: (
        <span className="inline-flex flex-wrap items-center gap-x-2">
          <Change text={`${stats.up} up`} direction={stats.up > 0 ? "up" : "flat"} />
          <span className="text-slate-400" aria-hidden="true">
            /
          </span>
          <Change text={`${stats.down} down`} direction={stats.down > 0 ? "down" : "flat"} />
        </span>
      ),
    },
    {
      label: "Top gainer",
      value: stats.best ? (
        <span className="inline-flex flex-wrap items-baseline gap-x-2">
          <span className="text-slate-900 dark:text-white">{stats.best.symbol}</span>
          <Change
            text={formatFractionAsPercent(stats.best.ticker.priceChangePercent, { sign: true })}
            direction={directionOf(stats.best.ticker.priceChangePercent, 4)}
          />
        </span>
      ) : (
        EMPTY_VALUE
      ),
    },
    {
      label: "Top loser",
      value: stats.worst ? (
        <span className="inline-flex flex-wrap items-baseline gap-x-2">
          <span className="text-slate-900 dark:text-white">{stats.worst.symbol}</span>
          <Change
            text={formatFractionAsPercent(stats.worst.ticker.priceChangePercent, { sign: true })}
            direction={directionOf(stats.worst.ticker.priceChangePercent, 4)}
          />
        </span>
      ) : (
        EMPTY_VALUE
      ),
    },
  ];

  return (
    <dl className="grid grid-cols-2 border-b border-slate-200 lg:grid-cols-4 dark:border-slate-800">
      {items.map((item, index) => (
        <div
          key={item.label}
          className={cn(
            "flex flex-col gap-1 px-4 py-3",
            index % 2 === 1 && "border-l border-slate-200 dark:border-slate-800",
            index >= 2 && "border-t border-slate-200 lg:border-t-0 dark:border-slate-800",
            index === 2 && "lg:border-l",
          )}
        >
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{item.label}</dt>
          <dd className="text-sm font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
