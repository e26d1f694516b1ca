"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import type { FilterName } from "@/lib/reports/contracts/report-contract";
import { DEFAULT_COIN, PRODUCT_LABELS, SOURCE_LABELS, SOURCES } from "@/lib/reports/filters";
import { COMPARE_LABELS } from "@/lib/reports/periods";
import { patchParams } from "@/lib/url-state/params";
import { COMMISSION_COINS, PRODUCT_TYPES } from "@/lib/weex/schema/enums";
import { useReadOnlyReport } from "./report-context";
import { useHydrated } from "@/components/providers/use-hydrated";

export interface FilterDef {
  name: string;
  label: string;
  /** [value, text]; the first is the default and leaves the URL clean. No options: a text field (applied on Enter or blur). */
  options?: ReadonlyArray<readonly [string, string]>;
  placeholder?: string;
}

export const COMMON_FILTERS = {
  // The interface's own values (lib/weex), the default first: it leaves the URL clean.
  coin: { name: "coin", label: "Coin", options: [["", `${DEFAULT_COIN} (default)`], ...COMMISSION_COINS.filter((c) => c !== DEFAULT_COIN).map((c) => [c, c] as const)] },
  product: { name: "product", label: "Product", options: [["", "All"], ...PRODUCT_TYPES.map((p) => [p, PRODUCT_LABELS[p]] as const)] },
  source: { name: "source", label: "Source", options: [["", "All"], ...SOURCES.map((s) => [s, SOURCE_LABELS[s]] as const)] },
  interval: { name: "interval", label: "Per", options: [["", "Day"], ["week", "Week"], ["month", "Month"]] },
  uid: { name: "uid", label: "Invitee uid", placeholder: "all invitees" },
  sub: { name: "sub", label: "Sub-affiliate uid", placeholder: "all sub-affiliates" },
  tz: {
    name: "tz",
    label: "Day boundaries",
    options: [["", "UTC"], ["Asia/Singapore", "Singapore"], ["Asia/Tokyo", "Tokyo"], ["Europe/London", "London"], ["America/New_York", "New York"]],
  },
  // Which earlier period the comparisons are against (lib/reports/periods.ts); the default leaves the URL clean.
  compare: { name: "compare", label: "Compare with", options: [["", COMPARE_LABELS.previous], ["yearAgo", COMPARE_LABELS.yearAgo]] },
} as const satisfies Record<FilterName, FilterDef>;

/** A report whose view with no coin is every coin (its contract's `noCoinMeans`): that is its coin filter's default. */
const ALL_COINS: FilterDef = { name: "coin", label: "Coin", options: [["", "All coins (≈ USDT)"], ...COMMISSION_COINS.map((c) => [c, c] as const)] };

/** The filters a report's contract offers, in its order. */
export const filtersOf = (names: readonly FilterName[], noCoinMeans?: "all"): FilterDef[] =>
  names.map((name) => (name === "coin" && noCoinMeans === "all" ? ALL_COINS : COMMON_FILTERS[name]));

/**
 * Select filters that live in the URL (every other parameter kept), so any view is a link; each change
 * pushes a history entry, so Back undoes it.
 * Not shown on a share link: its scope is locked (and enforced by the server).
 */
export function FilterBar({ filters }: { filters: readonly FilterDef[] }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const readOnly = useReadOnlyReport();
  // Until React has hydrated the server's HTML a control has no handler: a choice made then (a slow device, a quick
  // hand) changed the select's face but never the URL, so the page showed one filter and the figures another. The
  // controls are disabled until they can act (on a quick device, a few milliseconds).
  const hydrated = useHydrated();
  if (readOnly) return null;
  const apply = (name: string, value: string) => {
    if ((params.get(name) ?? "") === value) return;
    const next = patchParams(params.toString(), { [name]: value, page: undefined }).toString();
    router.push(next ? `${pathname}?${next}` : pathname, { scroll: false });
  };
  return (
    <form role="search" aria-label="Report filters" className="flex flex-wrap gap-3" onSubmit={(e) => e.preventDefault()}>
      {filters.map((f) => (
        <div key={f.name} className="min-w-36">
          <label htmlFor={`${id}-${f.name}`} className={labelClass}>
            {f.label}
          </label>
          {f.options === undefined ? (
            <input
              id={`${id}-${f.name}`}
              key={params.get(f.name) ?? ""}
              defaultValue={params.get(f.name) ?? ""}
              placeholder={f.placeholder}
              inputMode="numeric"
              maxLength={20}
              disabled={!hydrated}
              className={fieldClass}
              onBlur={(e) => apply(f.name, e.currentTarget.value.trim())}
              onKeyDown={(e) => {
                if (e.key === "Enter") apply(f.name, e.currentTarget.value.trim());
              }}
            />
          ) : (
          <select
            id={`${id}-${f.name}`}
            value={params.get(f.name) ?? ""}
            disabled={!hydrated}
            className={fieldClass}
            onChange={(e) => apply(f.name, e.target.value)}
          >
            {f.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
          )}
        </div>
      ))}
    </form>
  );
}
