"use client";

/**
 * The invitee directory: every invitee of the connection whatever the range,
 * found as you type (uid or invite-code prefix), filtered by KYC, status, source
 * and invite code — and, in the app, by the team's tags and follow-ups, shown as
 * chips beside each uid and set in bulk — sorted on the server by any column,
 * with the range's figures beside each person. Every uid links to the invitee's page, every invite code
 * to this directory filtered by it (EntityLink).
 */
import { useEffect, useId, useRef, useState } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { EntityLink } from "@/components/reports/entity-link";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { ContractTable, type ColumnView } from "@/components/reports/contract-table";
import { usePagedRows } from "@/components/reports/print-rows";
import { useReportSource } from "@/components/reports/report-context";
import { useReportParams } from "@/components/reports/use-report";
import { useUrlParams } from "@/components/reports/use-url-param";
import { ValuedBasis } from "@/components/reports/valued-basis";
import { valuedColumnsUnless } from "@/components/reports/valued-column";
import { Button } from "@/components/ui/button";
import type { SortDirection } from "@/components/ui/table";
import { inviteesContract, ROSTER_SORTS, SOURCE_WORDS, STATUS_WORDS, type InviteeAnswer, type InviteeRow, type RosterSort } from "@/lib/reports/invitees/contract";
import { BulkTag } from "./team/bulk-tag";
import { TeamChips } from "./team/team-chips";
import { TeamFilterNote, TeamFilters } from "./team/team-filters";
import { useTeamWork } from "./team/use-team-work";

const SEARCH_DELAY_MS = 300;
/** What the server accepts in a search (rosterQuerySchema): anything else is said here, never sent. */
const SEARCHABLE = /^[A-Za-z0-9_-]*$/;

/** Search as you type: the URL follows the field after a pause, replacing its entry so typing piles up no history. */
function DirectorySearch() {
  const id = useId();
  const url = useUrlParams();
  const [text, setText] = useState(url.get("q") ?? "");
  const sent = useRef(url.get("q") ?? "");
  const valid = SEARCHABLE.test(text.trim());
  useEffect(() => {
    const q = text.trim();
    if (!SEARCHABLE.test(q) || q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      url.set({ q: q || undefined, page: undefined }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, url]);
  return (
    <div className="min-w-52 flex-1 sm:max-w-72">
      <label htmlFor={id} className={labelClass}>
        Find by uid or invite code
      </label>
      <input
        id={id}
        value={text}
        maxLength={40}
        onChange={(e) => setText(e.target.value)}
        placeholder="uid or code, or their start"
        className={fieldClass}
        autoComplete="off"
        aria-describedby={valid ? undefined : `${id}-hint`}
      />
      {valid ? null : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-red-700 dark:text-red-300">
          Letters, digits, - and _ only: not searched.
        </p>
      )}
    </div>
  );
}

const SELECTS = [
  { name: "kyc", label: "KYC", options: [["", "All"], ["yes", "Passed"], ["no", "Not passed"]] },
  { name: "status", label: "Status", options: [["", "All"], ["never", STATUS_WORDS.never], ["active", STATUS_WORDS.active], ["dormant", STATUS_WORDS.dormant]] },
  { name: "via", label: "Source", options: [["", "All"], ["direct", SOURCE_WORDS.direct], ["sub", SOURCE_WORDS.sub], ["unknown", SOURCE_WORDS.unknown]] },
  { name: "dormantDays", label: "Dormant after", options: [["", "30 days"], ["7", "7 days"], ["14", "14 days"], ["60", "60 days"], ["90", "90 days"], ["180", "180 days"]] },
] as const;

/** The sign-up period a retention cohort's link sets (registeredFrom/registeredTo), in words, and how to drop it. */
function SignupPeriod() {
  const url = useUrlParams();
  const from = url.get("registeredFrom");
  const to = url.get("registeredTo");
  if (!from && !to) return null;
  const words = from && to ? `${from} to ${to}` : from ? `on or after ${from}` : `on or before ${to}`;
  return (
    <p className="flex items-center gap-2 pb-1 text-sm">
      <span>Signed up {words} (UTC)</span>
      <Button size="sm" variant="secondary" onClick={() => url.set({ registeredFrom: undefined, registeredTo: undefined, page: undefined })}>
        Any sign-up day
      </Button>
    </p>
  );
}

function DirectoryFilters() {
  const id = useId();
  const url = useUrlParams();
  // The team's own filters: never on a share link (its scope would drop them anyway).
  const shared = useReportSource().shared;
  const code = url.get("code");
  return (
    <div role="search" aria-label="Directory filters" className="flex flex-wrap items-end gap-3 px-4 pt-3 print:hidden">
      <DirectorySearch />
      {SELECTS.map((s) => (
        <div key={s.name} className="min-w-32">
          <label htmlFor={`${id}-${s.name}`} className={labelClass}>
            {s.label}
          </label>
          <select
            id={`${id}-${s.name}`}
            value={url.get(s.name) ?? ""}
            className={fieldClass}
            onChange={(e) => url.set({ [s.name]: e.currentTarget.value || undefined, page: undefined })}
          >
            {s.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
      ))}
      {shared ? null : <TeamFilters />}
      <SignupPeriod />
      {code ? (
        <p className="flex items-center gap-2 pb-1 text-sm">
          <span>
            Invite code <span className="font-mono font-medium">{code}</span>
          </span>
          <Button size="sm" variant="secondary" onClick={() => url.set({ code: undefined, page: undefined })}>
            Show every code
          </Button>
        </p>
      ) : null}
    </div>
  );
}

/** Range figures at whole USDT but commission and net fee, at their coin's decimals; "—" where nothing is recorded. */
const WHOLE = { dp: 0, emptyTitle: "Nothing recorded for this invitee in the period" } as const;
const NOTHING = { emptyTitle: WHOLE.emptyTitle } as const;
const VALUED = { emptyTitle: "Nothing recorded for this invitee in the period, or a day's price is not held (not valued)" } as const;
const VIEWS: Partial<Record<RosterSort | "coin" | "commissionUsdt" | "netFeeUsdt", ColumnView<InviteeRow>>> = {
  // The contract's `kyc` column is the row's `kycResult`.
  kyc: { value: (r) => r.kycResult },
  inviteCode: { render: (r) => <EntityLink kind="invite-code" id={r.inviteCode} />, mono: true },
  source: { render: (r) => (r.source === "sub" ? "sub-affiliate" : SOURCE_WORDS[r.source]), wrap: true },
  status: { render: (r) => STATUS_WORDS[r.status], wrap: true },
  commission: NOTHING,
  // Blank also where a day's close is not held: the row is not valued, never its valued part.
  commissionUsdt: VALUED,
  netFee: NOTHING,
  netFeeUsdt: VALUED,
  volume: WHOLE,
  deposits: WHOLE,
  withdrawals: WHOLE,
  netDeposit: WHOLE,
};
/** First and last dates stacked, each sortable ("First deposit", "Last deposit": their contract headers). */
const PAIRS = [
  { label: "Deposit", columns: ["firstDeposit", "lastDeposit"], names: ["first", "last"] },
  { label: "Trade", columns: ["firstTrade", "lastTrade"], names: ["first", "last"] },
] as const;

export function InviteeDirectory({ data }: { data: InviteeAnswer }) {
  const url = useUrlParams();
  const source = useReportSource();
  // Sorting as shown: the URL's, cleaned of values the page could not use (its notice names them).
  const shown = useReportParams("invitees").query;
  const sort = { column: (shown.get("sort") ?? "registerTime") as RosterSort, direction: (shown.get("dir") ?? "desc") as SortDirection };
  // Every row in a PDF (up to its limit), the pager on screen.
  const roster = usePagedRows("invitees", data, (a) => a.roster, (page) => url.set({ page: page === 1 ? undefined : String(page) }));
  const onSort = url.canSort
    ? (column: RosterSort) =>
        url.set({ sort: column === "registerTime" ? undefined : column, dir: sort.column === column && sort.direction === "desc" ? "asc" : undefined, page: undefined })
    : undefined;
  const coin = data.roster.rows[0]?.coin ?? (url.get("coin") || "USDT");
  // The team's tags and follow-ups beside each uid (the app only: null on a share link).
  const team = useTeamWork(roster.rows.map((r) => r.uid));
  const views: typeof VIEWS = team
    ? {
        ...VIEWS,
        uid: {
          render: (r) => (
            <>
              <EntityLink kind="invitee" id={r.uid} />
              <TeamChips work={team.get(r.uid)} />
            </>
          ),
          mono: true,
        },
      }
    : VIEWS;
  const dormantDays = url.get("dormantDays") ?? "30";
  return (
    <section aria-labelledby="directory-heading" className="rounded-xl border border-slate-200 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-2 px-4 pt-3">
        <div className="max-w-3xl">
          <h2 id="directory-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            Invitee directory
          </h2>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Every invitee of this connection, whenever they signed up; the period only decides the figures beside each person (
            {coin === "USDT"
              ? "amounts in USDT; commission and net fee of USDT items only, as a coin is never added to another: BTC items under Coin: BTC, and every coin together (≈ USDT) on each invitee's page"
              : `commission and net fee in ${coin} (each also valued ≈ USDT at each day's close, as said under the table), the rest in USDT`}
            ; — where nothing is recorded for them in the period). Source is read from the invitee&apos;s latest commission item: direct, or via a
            sub-affiliate; unknown when the warehouse holds none. Dormant: traded before, no trade for {dormantDays} days or more.
          </p>
        </div>
        <ExportCsvLink report="invitees" table="roster" label="Invitee directory (all rows)" />
      </div>
      {/* No search where it cannot answer (a snapshot) or would confirm a masked uid. */}
      {url.canSort && !source.shared?.redactUids ? <DirectoryFilters /> : null}
      {source.shared ? null : (
        <>
          <TeamFilterNote />
          <BulkTag shownUids={roster.rows.map((r) => r.uid)} total={data.roster.total} />
        </>
      )}
      <ContractTable
        table={inviteesContract.tables.roster}
        rows={roster.rows}
        rowKey={(r) => r.uid}
        label="Invitee directory table"
        caption="Invitee directory"
        coin={coin}
        // The coin is the view's: it is in the commission and net fee headers. In USDT the ≈ USDT column would repeat it.
        omit={["coin", ...valuedColumnsUnless(coin, ["commissionUsdt", "netFeeUsdt"] as const)]}
        views={views}
        pairs={PAIRS}
        sort={{ ...sort, onSort, columns: ROSTER_SORTS }}
        density="compact"
        printedNote={roster.note}
        frameClassName="mt-3"
        after={data.roster.total === 0 ? <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">No invitee matches this search and these filters.</p> : null}
      />
      {/* A snapshot frozen before values were carried has no prices: nothing to say. */}
      <ValuedBasis prices={data.prices ?? null} className="px-4 pt-2" />
      {roster.footer}
    </section>
  );
}
