"use client";

/** Pieces shared by the trading panels of the Orders page. */
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { AlertIcon, CheckIcon, InfoIcon } from "@/components/ui/icons";

export function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A client order id of the exchange's alphabet (letters, digits, . : / _ -), 27 characters. */
export function newClientOrderId(): string {
  return `rd-${randomHex(12)}`;
}


export function Notice({ tone, children }: { tone: "info" | "warn" | "ok" | "error"; children: ReactNode }) {
  const tones = {
    info: "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900/70 dark:bg-sky-950/40 dark:text-sky-100",
    warn: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100",
    ok: "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/70 dark:bg-emerald-950/40 dark:text-emerald-100",
    error: "border-red-200 bg-red-50 text-red-900 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-100",
  };
  return (
    <div role="status" className={cn("flex gap-3 rounded-lg border p-3 text-sm", tones[tone])}>
      {tone === "ok" ? <CheckIcon className="size-5 shrink-0" /> : tone === "info" ? <InfoIcon className="size-5 shrink-0" /> : <AlertIcon className="size-5 shrink-0" />}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

