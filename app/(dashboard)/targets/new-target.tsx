"use client";

/** The form that adds a target (a figure, a month or quarter, a value) or a tier threshold (a name, a figure, a period length, a value). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiPost, errorWords } from "@/lib/api-client";
import { useAppNow } from "@/components/providers/app-clock";
import { metric } from "@/lib/metrics/definitions";
import { queryKeys } from "@/lib/query-keys";
import { FORECAST_METRICS } from "@/lib/forecast/types";
import { isCountMetric, PERIOD_METRICS, periodKey, TARGET_UNITS, type TargetKind, type TargetMetric, type TargetPeriod } from "@/lib/targets/types";

export function NewTarget() {
  const id = useId();
  const now = useAppNow();
  const queryClient = useQueryClient();
  const today = now().toISOString().slice(0, 10);
  const [kind, setKind] = useState<TargetKind>("target");
  const [figure, setFigure] = useState<TargetMetric>("commissionAllCoins");
  const [period, setPeriod] = useState<TargetPeriod>("month");
  const [starts, setStarts] = useState(periodKey(today, "month"));
  const [value, setValue] = useState("");
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => apiPost("/api/targets", kind === "target" ? { kind, metric: figure, period, starts, value: value.trim(), ...(name.trim() ? { name: name.trim() } : {}) } : { kind, metric: figure, period, value: value.trim(), name: name.trim() }),
    onSuccess: () => {
      setValue("");
      setName("");
      return queryClient.invalidateQueries({ queryKey: queryKeys.targets() });
    },
  });
  const choosePeriod = (next: TargetPeriod) => {
    setPeriod(next);
    setStarts(periodKey(today, next));
  };
  return (
    <form
      className="flex flex-wrap items-end gap-3 px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <Field label="Kind" htmlFor={`${id}-kind`}>
        <select id={`${id}-kind`} className={inputClass} value={kind} onChange={(e) => setKind(e.currentTarget.value === "tier" ? "tier" : "target")}>
          <option value="target">Target for one period</option>
          <option value="tier">Tier threshold, every period</option>
        </select>
      </Field>
      <Field label="Figure" htmlFor={`${id}-figure`}>
        <select id={`${id}-figure`} className={inputClass} value={figure} onChange={(e) => setFigure(e.currentTarget.value as TargetMetric)}>
          <optgroup label="With a forecast">
            {FORECAST_METRICS.map((m) => (
              <option key={m} value={m}>
                {metric(m).label} ({TARGET_UNITS[m]})
              </option>
            ))}
          </optgroup>
          <optgroup label="No forecast: progress so far only">
            {PERIOD_METRICS.map((m) => (
              <option key={m} value={m}>
                {metric(m).label} ({TARGET_UNITS[m]})
              </option>
            ))}
          </optgroup>
        </select>
      </Field>
      <Field label="Period" htmlFor={`${id}-period`}>
        <select id={`${id}-period`} className={inputClass} value={period} onChange={(e) => choosePeriod(e.currentTarget.value === "quarter" ? "quarter" : "month")}>
          <option value="month">Month</option>
          <option value="quarter">Quarter</option>
        </select>
      </Field>
      {kind === "target" ? (
        <Field label={period === "month" ? "Month (YYYY-MM)" : "Quarter (YYYY-Qn)"} htmlFor={`${id}-starts`}>
          <input id={`${id}-starts`} className={`${inputClass} w-28`} value={starts} onChange={(e) => setStarts(e.target.value)} />
        </Field>
      ) : null}
      <Field label="Value" htmlFor={`${id}-value`}>
        <input id={`${id}-value`} className={`${inputClass} w-36`} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} placeholder={isCountMetric(figure) ? "e.g. 40" : "e.g. 25000"} />
      </Field>
      <Field label={kind === "tier" ? "Tier name" : "Note (optional)"} htmlFor={`${id}-name`}>
        <input id={`${id}-name`} className={inputClass} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} placeholder={kind === "tier" ? "e.g. VIP 2" : "e.g. stretch"} />
      </Field>
      <Button type="submit" variant="primary" disabled={value.trim() === "" || (kind === "tier" && name.trim() === "") || create.isPending}>
        {kind === "tier" ? "Add tier threshold" : "Add target"}
      </Button>
      {create.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(create.error, "It could not be added.")}
        </p>
      ) : null}
    </form>
  );
}
