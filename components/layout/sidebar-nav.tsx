"use client";

import { Link } from "@/components/ui/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Fragment } from "react";
import { SavedViewsNavGroup } from "@/components/saved-views/nav-group";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { AlertsBadge, alertsLinkName, useAlertsCount } from "./alerts-badge";
import { NAV_SECTIONS, hrefWithDateRange, isActivePath } from "./nav-items";

/** The main navigation list, shared by the desktop sidebar and the phone menu. */
export function SidebarNav({ onNavigate, idPrefix }: { onNavigate?: () => void; idPrefix: string }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const alerts = useAlertsCount();
  return (
    <nav aria-label="Main" className="flex flex-col gap-6">
      {NAV_SECTIONS.map((section, index) => {
        const headingId = `${idPrefix}-${section.label.toLowerCase()}`;
        return (
          <Fragment key={section.label}>
            <div>
              <h2 id={headingId} className="px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                {section.label}
              </h2>
              <ul aria-labelledby={headingId} className="mt-2 flex flex-col gap-0.5">
                {section.items.map(({ href, label, Icon, badge }) => {
                  const active = isActivePath(href, pathname);
                  return (
                    <li key={href}>
                      <Link
                        href={hrefWithDateRange(href, searchParams)}
                        aria-current={active ? "page" : undefined}
                        aria-label={badge === "alerts" ? alertsLinkName(label, alerts) : undefined}
                        onClick={onNavigate}
                        className={cn(
                          "group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                          active
                            ? "bg-brand-50 text-brand-800 dark:bg-brand-950/70 dark:text-brand-200"
                            : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800/70 dark:hover:text-white",
                          focusRing,
                        )}
                      >
                        <Icon
                          className={cn(
                            "size-[1.125rem] shrink-0",
                            active
                              ? "text-brand-700 dark:text-brand-300"
                              : "text-slate-500 group-hover:text-slate-700 dark:text-slate-400 dark:group-hover:text-slate-200",
                          )}
                        />
                        {label}
                        {badge === "alerts" ? <AlertsBadge n={alerts} /> : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
            {/* The pinned views come right after the reports they open. */}
            {index === 0 ? <SavedViewsNavGroup idPrefix={idPrefix} onNavigate={onNavigate} /> : null}
          </Fragment>
        );
      })}
    </nav>
  );
}
