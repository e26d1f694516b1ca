import { cn } from "@/components/ui/cn";

export type ShellUser = { id: string; email: string; name: string; role: "viewer" | "analyst" | "trader" | "admin" };

function initials(name: string, email: string): string {
  const words = (name.trim() || email).split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/** Who is signed in, and with which role. */
export function UserBadge({ user, className, showDetails = false }: { user: ShellUser; className?: string; showDetails?: boolean }) {
  return (
    <div className={cn("flex min-w-0 items-center gap-2.5", className)}>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
      >
        {initials(user.name, user.email)}
      </span>
      <div className={cn("min-w-0 leading-tight", showDetails ? "block" : "hidden md:block")}>
        <p className="truncate text-sm font-medium text-slate-900 dark:text-white" title={user.email}>
          {user.name || user.email}
        </p>
        <p className="text-xs text-slate-600 capitalize dark:text-slate-400">
          <span className="sr-only">Role: </span>
          {user.role}
        </p>
      </div>
      {showDetails ? null : (
        <span className="sr-only md:hidden">
          Signed in as {user.name || user.email}, role {user.role}
        </span>
      )}
    </div>
  );
}
