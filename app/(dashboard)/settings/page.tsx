import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { ChevronRightIcon, InboxIcon, LockIcon, PlugIcon, UsersIcon } from "@/components/ui/icons";
import { hasRole } from "@/lib/auth/roles";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Settings" };

type Entry = { href: string; title: string; description: string; icon: ReactNode; adminOnly: boolean };

const ENTRIES: readonly Entry[] = [
  {
    href: "/settings/users",
    title: "Users",
    description: "Invite people, set their roles, and remove access.",
    icon: <UsersIcon className="size-5" />,
    adminOnly: true,
  },
  {
    href: "/settings/connections",
    title: "Connections",
    description: "Exchange API keys and base URLs the dashboard reads through.",
    icon: <PlugIcon className="size-5" />,
    adminOnly: true,
  },
  {
    href: "/settings/webhooks",
    title: "Webhooks",
    description: "Signed JSON posts of your digests and alerts to your own endpoints.",
    icon: <InboxIcon className="size-5" />,
    adminOnly: false,
  },
  {
    href: "/settings/password",
    title: "Password",
    description: "Change the password you sign in with.",
    icon: <LockIcon className="size-5" />,
    adminOnly: false,
  },
];

export default async function SettingsPage() {
  const user = await requireUser();
  const isAdmin = hasRole(user.role, "admin");
  return (
    <>
      <PageHeader title="Settings" eyebrow="Workspace">
        <p>People, exchange connections and your own sign-in.</p>
      </PageHeader>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {ENTRIES.map((entry) => {
          const allowed = !entry.adminOnly || isAdmin;
          const body = (
            <>
              <span
                className={cn(
                  "flex size-10 shrink-0 items-center justify-center rounded-lg",
                  allowed
                    ? "bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
                    : "bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400",
                )}
              >
                {entry.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span className="text-sm font-semibold text-slate-900 dark:text-white">{entry.title}</span>
                  {entry.adminOnly ? (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[0.6875rem] font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                      Admin
                    </span>
                  ) : null}
                </span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                  {allowed ? entry.description : "Only administrators can open this page."}
                </span>
              </span>
              {allowed ? <ChevronRightIcon className="size-4 shrink-0 self-center text-slate-400" /> : null}
            </>
          );
          const shared = "flex h-full items-start gap-3 rounded-xl border p-4";
          return (
            <li key={entry.href}>
              {allowed ? (
                <Link
                  href={entry.href}
                  className={cn(
                    shared,
                    "border-slate-200 bg-white shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/40 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700 dark:hover:bg-slate-900/60",
                    focusRing,
                  )}
                >
                  {body}
                </Link>
              ) : (
                <div className={cn(shared, "border-dashed border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40")}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
