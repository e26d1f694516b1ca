"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { patchParams } from "@/lib/url-state/params";

export interface FilterDef {
  name: string;
  label: string;
  /** [value, text]; the first is the default and leaves the URL clean. */
  options: ReadonlyArray<readonly [string, string]>;
}

export const COMMON_FILTERS = {
  coin: { name: "coin", label: "Coin", options: [["", "USDT (default)"], ["BTC", "BTC"]] },
  product: { name: "product", label: "Product", options: [["", "All"], ["SPOT", "Spot"], ["FUTURES", "Futures"]] },
  source: { name: "source", label: "Source", options: [["", "All"], ["direct", "Direct clients"], ["sub", "Sub-agents"]] },
  interval: { name: "interval", label: "Per", options: [["", "Day"], ["week", "Week"], ["month", "Month"]] },
  tz: {
    name: "tz",
    label: "Day boundaries",
    options: [["", "UTC"], ["Asia/Singapore", "Singapore"], ["Asia/Tokyo", "Tokyo"], ["Europe/London", "London"], ["America/New_York", "New York"]],
  },
} as const satisfies Record<string, FilterDef>;

/** Select filters that live in the URL (router.replace keeps every other parameter), so any view is a link. */
export function FilterBar({ filters }: { filters: readonly FilterDef[] }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return (
    <form role="search" aria-label="Report filters" className="flex flex-wrap gap-3" onSubmit={(e) => e.preventDefault()}>
      {filters.map((f) => (
        <div key={f.name} className="min-w-36">
          <label htmlFor={`${id}-${f.name}`} className={labelClass}>
            {f.label}
          </label>
          <select
            id={`${id}-${f.name}`}
            value={params.get(f.name) ?? ""}
            className={fieldClass}
            onChange={(e) => {
              const next = patchParams(params.toString(), { [f.name]: e.target.value, page: undefined }).toString();
              router.replace(next ? `${pathname}?${next}` : pathname, { scroll: false });
            }}
          >
            {f.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
      ))}
    </form>
  );
}
