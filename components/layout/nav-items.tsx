import type { ComponentType } from "react";
import {
  ArrowsIcon,
  BellIcon,
  CalendarIcon,
  ChartIcon,
  CoinsIcon,
  InboxIcon,
  ListIcon,
  OverviewIcon,
  ReportIcon,
  TargetIcon,
  SettingsIcon,
  TagIcon,
  UserPlusIcon,
  UsersIcon,
  WalletIcon,
} from "@/components/ui/icons";

export type NavItem = {
  href: string;
  label: string;
  Icon: ComponentType<{ className?: string }>;
  /** Whether the page reads the global date range (the header shows the picker there). */
  usesDateRange: boolean;
  /** A live count shown beside the label (the alerts' unacknowledged count). */
  badge?: "alerts";
};

export type NavSection = { label: string; items: readonly NavItem[] };

export const NAV_SECTIONS: readonly NavSection[] = [
  {
    label: "Affiliate",
    items: [
      { href: "/", label: "Overview", Icon: OverviewIcon, usesDateRange: true },
      { href: "/commissions", label: "Commissions", Icon: CoinsIcon, usesDateRange: true },
      { href: "/sub-affiliates", label: "Sub-affiliates", Icon: UsersIcon, usesDateRange: true },
      { href: "/invitees", label: "Invitees", Icon: UserPlusIcon, usesDateRange: true },
      { href: "/invite-codes", label: "Invite codes", Icon: TagIcon, usesDateRange: true },
      { href: "/trade-assets", label: "Trade & assets", Icon: ArrowsIcon, usesDateRange: true },
    ],
  },
  {
    label: "Exchange",
    items: [
      { href: "/account", label: "Account", Icon: WalletIcon, usesDateRange: false },
      { href: "/orders", label: "Orders", Icon: ListIcon, usesDateRange: false },
      { href: "/markets", label: "Markets", Icon: ChartIcon, usesDateRange: false },
    ],
  },
  {
    label: "Workspace",
    items: [
      // Saved views and share links (the path stays /reports: links to it keep working).
      { href: "/reports", label: "Saved views and links", Icon: ReportIcon, usesDateRange: false },
      { href: "/targets", label: "Targets and tiers", Icon: TargetIcon, usesDateRange: false },
      // Who changed which note or campaign cost, and when: reached from every chart's notes too.
      { href: "/change-log", label: "Change log", Icon: ListIcon, usesDateRange: false },
      { href: "/alerts", label: "Alerts", Icon: BellIcon, usesDateRange: false, badge: "alerts" },
      { href: "/digests", label: "Digests", Icon: CalendarIcon, usesDateRange: false },
      { href: "/outbox", label: "Outbox", Icon: InboxIcon, usesDateRange: false },
      { href: "/settings", label: "Settings", Icon: SettingsIcon, usesDateRange: false },
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAV_SECTIONS.flatMap((section) => section.items);

/** `/` matches only itself; every other item also matches its sub-pages (/settings/users → Settings). */
export function isActivePath(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function activeNavItem(pathname: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => isActivePath(item.href, pathname));
}

/** The date-range parameters travel with navigation so the chosen period follows the user. */
export const DATE_RANGE_PARAMS = ["range", "from", "to"] as const;

export function hrefWithDateRange(href: string, current: { get(name: string): string | null }): string {
  const params = new URLSearchParams();
  for (const name of DATE_RANGE_PARAMS) {
    const value = current.get(name);
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${href}?${query}` : href;
}
