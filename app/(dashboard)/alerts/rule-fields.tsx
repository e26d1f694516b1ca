"use client";

import { FORECAST_METRICS, FORECAST_UNITS } from "@/lib/forecast/types";
import { FLAG_FILTER_LABELS, FLAG_FILTERS } from "@/lib/invitee-flags/types";
import type { ReactNode } from "react";
import { Field, inputClass } from "@/components/ui/field";
import type { Draft } from "./rule-draft";
import { labelWithUnit, metric } from "@/lib/metrics/definitions";
import { SUB_AFFILIATE_METRICS as SUB } from "@/lib/metrics/sub-affiliate";

type Props = { draft: Draft; errors: Record<string, string>; set: (name: string, value: string) => void; idPrefix: string };

function Select({ name, label, options, p }: { name: string; label: string; options: ReadonlyArray<[string, string]>; p: Props }) {
  const id = `${p.idPrefix}-${name}`;
  return (
    <Field label={label} htmlFor={id} error={p.errors[name]}>
      <select id={id} className={inputClass} value={p.draft[name] ?? ""} onChange={(e) => p.set(name, e.target.value)} aria-invalid={p.errors[name] ? true : undefined} aria-describedby={p.errors[name] ? `${id}-error` : undefined}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Input({ name, label, p, inputMode, placeholder }: { name: string; label: string; p: Props; inputMode?: "numeric" | "decimal" | "email" | "text"; placeholder?: string }) {
  const id = `${p.idPrefix}-${name}`;
  return (
    <Field label={label} htmlFor={id} error={p.errors[name]}>
      <input
        id={id}
        className={inputClass}
        value={p.draft[name] ?? ""}
        inputMode={inputMode}
        placeholder={placeholder}
        onChange={(e) => p.set(name, e.target.value)}
        aria-invalid={p.errors[name] ? true : undefined}
        aria-describedby={p.errors[name] ? `${id}-error` : undefined}
      />
    </Field>
  );
}

const PERIODS: ReadonlyArray<[string, string]> = [
  ["day", "Day (the last whole UTC day)"],
  ["week", "Week (the last whole Monday–Sunday)"],
  ["month", "Month (the last whole calendar month)"],
];
const DIRECTIONS: ReadonlyArray<[string, string]> = [
  ["down", "Falls"],
  ["up", "Rises"],
  ["either", "Rises or falls"],
];

/** The fields of one rule kind, in words. */
export function KindFields(p: Props): ReactNode {
  switch (p.draft.kind) {
    case "period-change":
      return (
        <>
          <Select
            name="metric"
            label="Figure"
            options={[
              ["commission", `${metric("commission").label}, per coin`],
              // Short enough for a 390 px phone; the rule's sentence says "(≈ USDT, each day's close)".
              ["commissionAllCoins", `${metric("commissionAllCoins").label} (≈ USDT)`],
              ["volume", labelWithUnit(metric("volumeAllCoins"))],
            ]}
            p={p}
          />
          <Select name="period" label="Period" options={PERIODS} p={p} />
          <Select name="direction" label="When it" options={DIRECTIONS} p={p} />
          <Input name="percent" label="By more than (%)" inputMode="decimal" p={p} />
          {p.draft.metric === "commission" ? <Input name="coin" label="Coin (empty: each coin on its own)" placeholder="USDT" p={p} /> : null}
        </>
      );
    case "large-flow":
      return (
        <>
          <Select name="flow" label="Watch" options={[["deposit", "Deposits"], ["withdrawal", "Withdrawals"], ["either", "Deposits and withdrawals"]]} p={p} />
          <Input name="amount" label="Above (USDT, in one day)" inputMode="decimal" p={p} />
        </>
      );
    case "dormant-top":
      return (
        <>
          <Input name="top" label="Top invitees by commission" inputMode="numeric" p={p} />
          <Input name="windowDays" label="Ranked over (days)" inputMode="numeric" p={p} />
          <Input name="silentDays" label="Silent for (days)" inputMode="numeric" p={p} />
          <Input name="coin" label="Commission coin" placeholder="USDT" p={p} />
        </>
      );
    case "kyc-no-deposit":
      return (
        <>
          <Input name="days" label="Days after sign-up without a deposit" inputMode="numeric" p={p} />
          <Input name="count" label="More than (invitees)" inputMode="numeric" p={p} />
        </>
      );
    case "sub-affiliate-change":
      return (
        <>
          {/* One sub-affiliate's figures (lib/metrics/sub-affiliate.ts): what it paid is the sub's, not your, commission. */}
          <Select name="metric" label="Figure" options={[["volume", labelWithUnit(SUB.tradingVolume)], ["paidCommission", labelWithUnit(SUB.paidCommission)]]} p={p} />
          <Select name="period" label="Period" options={PERIODS} p={p} />
          <Select name="direction" label="When it" options={DIRECTIONS} p={p} />
          <Input name="percent" label="By more than (%)" inputMode="decimal" p={p} />
          <Input name="sub" label="Sub-affiliate uid (empty: every one)" inputMode="numeric" p={p} />
        </>
      );
    case "sync-health":
      return (
        <>
          <Select name="check" label="Watch for" options={[["failing", "The sync failing"], ["stale", "Data older than some minutes"], ["rate-limited", "The exchange refusing calls as too many (429/418)"]]} p={p} />
          {p.draft.check === "failing" ? null : <Input name="minutes" label={p.draft.check === "stale" ? "Older than (minutes)" : "Within the last (minutes)"} inputMode="numeric" p={p} />}
        </>
      );
    case "invitee-flagged":
      return (
        <>
          <Select name="flag" label="Quality flag" options={FLAG_FILTERS.map((f) => [f, FLAG_FILTER_LABELS[f]] as [string, string])} p={p} />
          <p className="text-xs text-slate-600 dark:text-slate-400">Each invitee fires once per flag. Flags are internal: mailed and shown here, never posted to webhooks.</p>
        </>
      );
    case "target-forecast":
      return (
        <>
          <Select name="figure" label="Figure" options={[["any", "Any projected figure with a target"], ...FORECAST_METRICS.map((m) => [m, `${metric(m).label} (${FORECAST_UNITS[m]})`] as [string, string])]} p={p} />
          <Select name="period" label="Period" options={[["month", "The month in progress"], ["quarter", "The quarter in progress"]]} p={p} />
          <Input name="percent" label="Projected short by more than (%)" inputMode="decimal" p={p} />
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Against each target and tier threshold set on <a href="/targets" className="underline">Targets and tiers</a>; the projection is the Overview&apos;s forecast (an estimate).
            Only the figures the forecast projects are offered: a target on another figure (net deposits, new invitees …) has no projection to miss, and shows its progress so far on the Overview only.
          </p>
        </>
      );
    default:
      return null;
  }
}
