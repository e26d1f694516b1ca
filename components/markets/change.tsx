/** A price change shown with its sign in the text and an arrow, so colour is never the only cue. */
import { cn } from "@/components/ui/cn";
import { ArrowDownIcon, ArrowUpIcon } from "@/components/ui/icons";
import type { Direction } from "@/lib/format/decimal";

const directionText: Record<Direction, string> = {
  up: "text-emerald-700 dark:text-emerald-400",
  down: "text-red-700 dark:text-red-400",
  flat: "text-slate-600 dark:text-slate-400",
};

/** A change with its sign in the text and an arrow, so colour is never the only cue. */
export function Change({ text, direction, arrow = true }: { text: string; direction: Direction; arrow?: boolean }) {
  return (
    <span className={cn("inline-flex items-center justify-end gap-1 font-medium", directionText[direction])}>
      {arrow && direction === "up" ? <ArrowUpIcon className="size-3.5" /> : null}
      {arrow && direction === "down" ? <ArrowDownIcon className="size-3.5" /> : null}
      {text}
    </span>
  );
}
