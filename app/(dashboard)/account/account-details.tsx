/** Fee rates, flags and permissions of the selected connection's spot account. */
import { cn } from "@/components/ui/cn";
import { Panel } from "@/components/ui/panel";
import type { ResponseOf } from "@/lib/weex/endpoints";

type Account = ResponseOf<"account">;

function Flag({ label, value }: { label: string; value: boolean | undefined }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cn("font-medium", value === undefined ? "text-slate-500 dark:text-slate-400" : value ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300")}>
        {value === undefined ? "not reported" : value ? "Yes" : "No"}
      </dd>
    </div>
  );
}

/** The account's fee rates, flags and permissions, beside its balances. */
export function AccountDetails({ data }: { data: Account }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Panel title="Fee rates" meta="Account-level rates; per-symbol overrides apply where the exchange sets them">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 p-4 text-sm">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Maker</dt>
            <dd className="font-medium text-slate-900 tabular-nums dark:text-white">
              {data.commissionRates.maker} <span className="text-slate-600 dark:text-slate-400">({data.makerCommission} bps)</span>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Taker</dt>
            <dd className="font-medium text-slate-900 tabular-nums dark:text-white">
              {data.commissionRates.taker} <span className="text-slate-600 dark:text-slate-400">({data.takerCommission} bps)</span>
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-600 dark:text-slate-400">Per-symbol overrides</dt>
            <dd className="font-medium text-slate-900 dark:text-white">
              {data.symbolCommissions && Object.keys(data.symbolCommissions).length > 0 ? Object.keys(data.symbolCommissions).join(", ") : "none"}
            </dd>
          </div>
        </dl>
      </Panel>
      <Panel title="Flags and permissions">
        <div className="p-4 text-sm">
          <dl className="divide-y divide-slate-100 dark:divide-slate-800">
            <Flag label="Can trade" value={data.canTrade} />
            <Flag label="Can deposit" value={data.canDeposit} />
            <Flag label="Can withdraw" value={data.canWithdraw} />
            <Flag label="Broker managed" value={data.brokered} />
            <Flag label="Self-trade prevention required" value={data.requireSelfTradePrevention} />
            <Flag label="Smart order routing disabled" value={data.preventSor} />
          </dl>
          <p className="mt-3 text-slate-600 dark:text-slate-400">Permissions</p>
          <ul aria-label="Permissions" className="mt-1 flex flex-wrap gap-1.5">
            {data.permissions.length === 0 ? <li className="text-slate-600 dark:text-slate-400">none</li> : null}
            {data.permissions.map((p) => (
              <li key={p} className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                {p}
              </li>
            ))}
          </ul>
        </div>
      </Panel>
    </div>
  );
}
