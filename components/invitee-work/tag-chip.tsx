/** One tag as a coloured chip, with an optional remove button (the invitee page's tag editor). */
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { chipClassOf } from "@/lib/invitee-work/labels";

export function TagChip({ name, color, onRemove, disabled }: { name: string; color: string; onRemove?: () => void; disabled?: boolean }) {
  return (
    <span className={cn("inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", chipClassOf(color))}>
      <span className="truncate" title={name}>
        {name}
      </span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove tag ${name}`}
          className={cn("-mr-1 rounded-full px-1 leading-none hover:bg-black/10 disabled:opacity-50 dark:hover:bg-white/10", focusRing)}
        >
          ×
        </button>
      ) : null}
    </span>
  );
}
