"use client";

/**
 * The Account page: balances, fee rates, flags and permissions, spot bills and
 * funding bills of the selected connection. Each panel is its own file; this
 * view reads the URL state once and hands it down.
 */
import { AccountSummary } from "./balances";
import { FundingBills } from "./funding-bills";
import { parseAccountParams, withAccountState } from "./search-params";
import { SpotBills } from "./spot-bills";
import { useScreenState } from "@/lib/url-state/use-screen-state";

export function AccountView() {
  const [state, updateUrl] = useScreenState(parseAccountParams, withAccountState);

  return (
    <div className="flex flex-col gap-6">
      <AccountSummary />
      <SpotBills state={state} onChange={updateUrl} />
      <FundingBills state={state} onChange={updateUrl} />
    </div>
  );
}
