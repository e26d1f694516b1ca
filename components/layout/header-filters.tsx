"use client";

import { usePathname } from "next/navigation";
import { ConnectionSwitcher } from "./connection-switcher";
import { DateRangePicker } from "./date-range-picker";
import { activeNavItem } from "./nav-items";

/** The global controls: the exchange connection everywhere, the date range where the page reads it. */
export function HeaderFilters() {
  const pathname = usePathname();
  const showDateRange = activeNavItem(pathname)?.usesDateRange ?? false;
  return (
    <div className="flex w-full min-w-0 items-center gap-2">
      <ConnectionSwitcher className="min-w-0 flex-1 sm:max-w-72" />
      {showDateRange ? <DateRangePicker className="min-w-0 flex-1 sm:max-w-96" /> : null}
    </div>
  );
}
