"use client";

/**
 * The Account page: balances, fee rates, flags and permissions, spot bills and
 * funding bills of the selected connection. Each panel is its own file; this
 * view reads the URL state once and hands it down.
 */
import { usePathname, useSearchParams } from "next/navigation";
import { AccountSummary } from "./balances";
import { FundingBills } from "./funding-bills";
import { parseAccountParams, withAccountState, type AccountState } from "./search-params";
import { SpotBills } from "./spot-bills";

export function AccountView() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseAccountParams(searchParams);

  function updateUrl(patch: Partial<AccountState>) {
    const next = withAccountState(window.location.search, patch).toString();
    window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
  }

  return (
    <div className="flex flex-col gap-6">
      <AccountSummary />
      <SpotBills state={state} onChange={updateUrl} />
      <FundingBills state={state} onChange={updateUrl} />
    </div>
  );
}
