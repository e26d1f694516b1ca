"use client";

/**
 * The Account page: balances, fee rates, flags and permissions, spot bills and
 * funding bills of the selected connection. Each panel is its own file; this
 * view reads the URL state once and hands it down.
 */
import { AccountSummary } from "./balances";
import { FundingBills } from "./funding-bills";
import { accountParamIssues, parseAccountParams, withAccountState } from "./search-params";
import { SpotBills } from "./spot-bills";
import { ParamNotice } from "@/components/ui/param-notice";
import { useOpeningParamIssues, useScreenState } from "@/lib/url-state/use-screen-state";

export function AccountView() {
  const [state, updateUrl] = useScreenState(parseAccountParams, withAccountState);
  const opening = useOpeningParamIssues(accountParamIssues);

  return (
    <div className="flex flex-col gap-6">
      <ParamNotice issues={opening.issues} cleanQuery={opening.cleanQuery} />
      <AccountSummary />
      <SpotBills state={state} onChange={updateUrl} />
      <FundingBills state={state} onChange={updateUrl} />
    </div>
  );
}
