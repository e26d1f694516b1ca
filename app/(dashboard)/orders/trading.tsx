"use client";

/**
 * Contract trading needs the trader role: viewers and analysts see a notice in
 * place of each trading panel of the Orders page (the routes refuse them too).
 */
import type { ReactNode } from "react";
import { LockIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";

export function TraderOnly({ role, children }: { role: string | undefined; children: ReactNode }) {
  if (role === undefined) return null;
  if (role !== "trader" && role !== "admin") {
    return (
      <Panel title="Contract trading">
        <div className="flex items-start gap-3 p-4 text-sm text-slate-700 dark:text-slate-300">
          <LockIcon className="size-5 shrink-0" />
          <p>Placing and cancelling contract orders needs the trader role. Ask an admin if you need it.</p>
        </div>
      </Panel>
    );
  }
  return <>{children}</>;
}
