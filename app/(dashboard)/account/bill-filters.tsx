"use client";

/** The asset, business-type and page-size filters of both bill panels, applied on submit. */
import { useId, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, inputClass } from "@/components/ui/field";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { KNOWN_BIZ_TYPES } from "./search-params";

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
  const sizes = PAGE_SIZES.filter((s) => s <= maxSize);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply({
      coin: String(form.get("coin") ?? "").trim(),
      biz: String(form.get("biz") ?? "").trim(),
      size: Number(form.get("size") ?? size),
      form,
    });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <Field label="Asset (coin id)" htmlFor={`${id}-coin`}>
        <input id={`${id}-coin`} name="coin" inputMode="numeric" pattern="\d*" defaultValue={coin} placeholder="all" className={cn(inputClass, "w-28")} />
      </Field>
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
