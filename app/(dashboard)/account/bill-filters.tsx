"use client";

/** The asset, business-type and page-size filters of both bill panels, applied on submit. */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, inputClass } from "@/components/ui/field";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { resolveCoinFilter } from "@/lib/weex/coin-ids";
import { KNOWN_BIZ_TYPES } from "./search-params";
import { useCoinIds } from "./use-coin-ids";

const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Coin and business-type filters shared by both bill panels; applied on submit. */
export function BillFilters({
  coin,
  biz,
  size,
  sizeLabel,
  maxSize,
  extra,
  onApply,
}: {
  coin: string;
  biz: string;
  size: number;
  sizeLabel: string;
  maxSize: number;
  extra?: (ids: { from: string; to: string }) => ReactNode;
  onApply: (values: { coin: string; biz: string; size: number; form: FormData }) => void;
}) {
  const id = useId();
  const coinIds = useCoinIds();
  const [coinError, setCoinError] = useState("");
  const sizes = PAGE_SIZES.filter((s) => s <= maxSize);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const coin = resolveCoinFilter(String(form.get("coin") ?? ""), coinIds);
    setCoinError(coin.ok ? "" : coin.message);
    if (!coin.ok) return;
    onApply({
      coin: coin.coinId,
      biz: String(form.get("biz") ?? "").trim(),
      size: Number(form.get("size") ?? size),
      form,
    });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <Field label="Asset (coin name or id)" htmlFor={`${id}-coin`} error={coinError || undefined}>
        <input
          id={`${id}-coin`}
          name="coin"
          list={`${id}-coin-list`}
          defaultValue={coin}
          placeholder="all"
          aria-invalid={coinError ? true : undefined}
          aria-describedby={coinError ? `${id}-coin-error` : undefined}
          className={cn(inputClass, "w-28")}
        />
      </Field>
      <datalist id={`${id}-coin-list`}>
        {[...coinIds.keys()].sort().map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field label="Business type" htmlFor={`${id}-biz`}>
        <input id={`${id}-biz`} name="biz" list={`${id}-biz-list`} defaultValue={biz} placeholder="all" className={cn(inputClass, "w-36")} />
      </Field>
      <datalist id={`${id}-biz-list`}>
        {KNOWN_BIZ_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {extra ? extra({ from: `${id}-from`, to: `${id}-to` }) : null}
      <PageSizeSelect id={`${id}-size`} name="size" label={sizeLabel} sizes={sizes} value={size} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
