"use client";

/**
 * The invitee's profile card (uid, invite code, status, rank, coins) and its
 * milestone timeline. Every uid shown comes from the answer, so a masked share
 * link shows its pseudonym here too; KYC is said to have no date rather than
 * given one.
 */
import { EntityLink } from "@/components/reports/entity-link";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { total, useAmountFormat } from "@/components/reports/report-context";
import { coinDecimals } from "@/lib/format/amount";
import { durationWords } from "@/lib/format/plural";
import { formatUtcMinute } from "@/lib/format/time";
import { inviteeStatus, MILESTONE_LABELS, type InviteeDetailAnswer, type InviteeMilestone } from "@/lib/reports/invitee/contract";
import { AllCoinsTotal } from "@/components/reports/all-coins-total";
import { MetricHelp } from "@/components/reports/metric-help";
import { METRICS } from "@/lib/metrics/definitions";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function milestoneWhen(m: InviteeMilestone): string {
  if (m.reached === null) return "Unknown";
  if (m.step === "kyc") return m.reached ? "Passed — the exchange gives no date for KYC" : "Not passed (or not reported)";
  if (m.at === null) return "Not yet";
  return `${formatUtcMinute(m.at)} UTC`;
}

export function Milestones({ milestones, listed }: { milestones: InviteeDetailAnswer["milestones"]; listed: boolean }) {
  return (
    <section aria-label="Milestones" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Milestones</h2>
        <ExportCsvLink report="invitee" table="milestones" label="Milestones" labelShownNearby />
      </div>
      {listed ? null : (
        <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">
          This invitee is not in the synced invitee list (it registered before the synced history), so its registration, KYC and milestones are unknown
          here; its commission and money movements below are read all the same.
        </p>
      )}
      <ol className="space-y-3">
        {milestones.map((m) => (
          <li key={m.step} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2.5 shrink-0 rounded-full ${m.reached ? "bg-brand-600 dark:bg-brand-300" : "border border-slate-400 dark:border-slate-500"}`}
            />
            <div className="min-w-0">
              <p className="text-sm font-medium">
                {MILESTONE_LABELS[m.step]}
                <span className="sr-only">{m.reached === null ? " (unknown)" : m.reached ? " (reached)" : " (not reached)"}</span>
              </p>
              <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                {milestoneWhen(m)}
                {m.hoursSincePrevious !== null ? ` · ${durationWords(m.hoursSincePrevious)} after the step before` : ""}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ProfileCard({ data }: { data: InviteeDetailAnswer }) {
  const fmt = useAmountFormat();
  const { profile, rank } = data;
  const status = inviteeStatus(profile);
  return (
    <section aria-label="Profile" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold break-all">
          Invitee <span className="font-mono">{profile.uid}</span>
        </h2>
        <ExportCsvLink report="invitee" table="profile" label="Profile" labelShownNearby />
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Invite code</dt>
          <dd className="font-mono break-all">
            {profile.inviteCode === null ? "Unknown" : <EntityLink kind="invite-code" id={profile.inviteCode} />}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Status</dt>
          <dd>
            {capitalised(status)}
            {status === "dormant" ? ` (no trade for ${profile.dormantDays} days or more)` : ""}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Rank by commission ({rank.coin}, this period)</dt>
          <dd className="tabular-nums">
            {rank.position === null ? `Not ranked: no ${rank.coin} commission in this period` : `No. ${rank.position} of ${rank.of} invitees`}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Commission per coin (this period{fmt.percentages ? `, ${fmt.totalUnit("")}` : ""})</dt>
          <dd className="tabular-nums">
            {data.coins.length === 0 ? "None" : data.coins.map((c) => `${total(fmt, c.commission, coinDecimals(c.coin))} ${c.coin}`).join(" · ")}
          </dd>
        </div>
        {/* Older snapshots carry no allCoins: nothing to show there. */}
        {data.allCoins ? (
          <div data-testid="commission-all-coins">
            <dt className="text-xs text-slate-600 dark:text-slate-400">
              {METRICS.commissionAllCoins.label} ({fmt.totalUnit("≈ USDT")}, this period)
              <MetricHelp label={METRICS.commissionAllCoins.label} definition={`${METRICS.commissionAllCoins.definition} Here: this invitee's items.`} />
            </dt>
            <AllCoinsTotal value={data.allCoins.commission} natives={data.coins} prices={data.allCoins.prices} fmt={fmt} />
          </div>
        ) : null}
      </dl>
    </section>
  );
}
