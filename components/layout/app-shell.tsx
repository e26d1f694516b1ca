import { Link } from "@/components/ui/link";
import { Suspense, type ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { buttonClassName } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { LogoMark } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { HeaderFilters } from "./header-filters";
import { MobileNav } from "./mobile-nav";
import { SidebarNav } from "./sidebar-nav";
import { ThemeToggle } from "./theme-toggle";
import { UserBadge, type ShellUser } from "./user-badge";

export const MAIN_CONTENT_ID = "main-content";

function Brand({ className }: { className?: string }) {
  return (
    <Link href="/" className={cn("flex items-center gap-2.5 rounded-lg", focusRing, className)}>
      <LogoMark className="size-7" />
      <span className="text-[0.9375rem] font-semibold tracking-tight text-slate-900 dark:text-white">Rebate Desk</span>
    </Link>
  );
}

function NavFallback() {
  return (
    <div className="flex flex-col gap-2 px-3" aria-hidden="true">
      {Array.from({ length: 10 }, (_, i) => (
        <Skeleton key={i} className="h-8" />
      ))}
    </div>
  );
}

/**
 * The dashboard frame: skip link, sidebar navigation (a menu button on
 * phones), a header with the global controls, and the main landmark.
 */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  return (
    // In print only the main column remains (no skip link, sidebar or header controls), full width.
    <div className="flex min-h-dvh w-full print:block print:min-h-0">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        data-print="hide"
        className="sr-only z-50 rounded-lg print:hidden bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Skip to content
      </a>

      <aside
        aria-label="Sidebar"
        data-print="hide"
        className="hidden w-64 shrink-0 print:hidden border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900/50"
      >
        <div className="sticky top-0 flex h-dvh flex-col">
          <div className="flex h-16 items-center px-5">
            <Brand />
          </div>
          <div className="flex-1 overflow-y-auto px-3 pt-2 pb-6">
            <Suspense fallback={<NavFallback />}>
              <SidebarNav idPrefix="sidebar-nav" />
            </Suspense>
          </div>
          <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
            WEEX V3 · affiliate analytics
          </p>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        {/* Opaque: table figures scrolling under a translucent header showed through it. */}
        <header data-print="hide" className="sticky top-0 z-30 print:hidden border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
          <div className="flex min-h-16 flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap lg:px-8">
            <Suspense fallback={<Skeleton className="size-9 lg:hidden" />}>
              <MobileNav
                footer={
                  <div className="flex items-center justify-between gap-3">
                    <UserBadge user={user} showDetails />
                    <SignOutButton className={buttonClassName({ variant: "secondary", size: "sm" })} />
                  </div>
                }
              />
            </Suspense>
            <Brand className="lg:hidden" />
            <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
              <Suspense fallback={<Skeleton className="h-9 w-full sm:w-80" />}>
                <HeaderFilters />
              </Suspense>
            </div>
            <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
              <ThemeToggle />
              <span aria-hidden="true" className="hidden h-6 w-px bg-slate-200 sm:block dark:bg-slate-800" />
              <UserBadge user={user} />
              {/* On phones sign-out lives in the menu panel, with the user's name. */}
              <div className="hidden sm:block">
                <SignOutButton className={buttonClassName({ variant: "ghost", size: "sm" })} />
              </div>
            </div>
          </div>
        </header>

        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
          <div className="mx-auto w-full max-w-[90rem] px-4 py-6 sm:py-8 lg:px-8 print:max-w-none print:p-0">{children}</div>
        </main>
      </div>
    </div>
  );
}
