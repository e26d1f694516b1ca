"use client";

/**
 * The invitee directory: every invitee of the connection whatever the range,
 * found as you type (uid or invite-code prefix), filtered by KYC, status, source
 * and invite code, sorted on the server by any column, with the range's figures
 * beside each person. Every uid links to the invitee's page, every invite code
 * to this directory filtered by it (EntityLink).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { EntityLink } from "@/components/reports/entity-link";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { Money } from "@/components/reports/money";
import { PrintedRowsNote, usePagedRows } from "@/components/reports/print-rows";
import { useAmountFormat, useReportSource } from "@/components/reports/report-context";
import { useReportParams } from "@/components/reports/use-report";
import { useUrlParams } from "@/components/reports/use-url-param";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Table, TableFrame, TBody, THead, Tr, type SortDirection } from "@/components/ui/table";
import { DatePairTh, SortTh } from "./directory-headers";
import { SOURCE_WORDS, STATUS_WORDS, type InviteeAnswer, type InviteeRow, type RosterFigure, type RosterSort } from "@/lib/reports/invitees/contract";

const day = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().slice(0, 10));
const SEARCH_DELAY_MS = 300;
/** What the server accepts in a search (rosterQuerySchema): anything else is said here, never sent. */
const SEARCHABLE = /^[A-Za-z0-9_-]*$/;

/** The range figures in page order: label, unit (the view's coin or USDT) and decimals shown. */
const FIGURES: ReadonlyArray<{ key: RosterFigure; label: string; usdt: boolean; dp: number }> = [
  { key: "commission", label: "Commission", usdt: false, dp: 2 },
  { key: "netFee", label: "Net fee", usdt: false, dp: 2 },
  { key: "volume", label: "Volume", usdt: true, dp: 0 },
  { key: "deposits", label: "Deposits", usdt: true, dp: 0 },
  { key: "withdrawals", label: "Withdrawals", usdt: true, dp: 0 },
  { key: "netDeposit", label: "Net deposit", usdt: true, dp: 0 },
];

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



/**
 * A compact cell (the directory's sixteen columns must fit a 1440 px screen): its own classes rather than Td's, whose
 * padding and no-wrap a class list cannot override (class order does not decide in CSS).
 */
function Cell({ numeric = false, wrap = false, className, children }: { numeric?: boolean; wrap?: boolean; className?: string; children: ReactNode }) {
  return (
    <td
      className={cn(
        "px-1.5 py-2 text-slate-700 first:pl-3 last:pr-3 dark:text-slate-300",
        wrap ? "whitespace-normal" : "whitespace-nowrap",
        numeric && "text-right tabular-nums",
        className,
      )}
    >
      {children}
    </td>
  );
}

function DirectoryRow({ r }: { r: InviteeRow }) {
  return (
    <Tr>
      <Cell className="font-mono">
        <EntityLink kind="invitee" id={r.uid} />
      </Cell>
      <Cell>{day(r.registerTime)}</Cell>
      <Cell>{r.kycResult ? "yes" : "no"}</Cell>
      <Cell className="font-mono">
        <EntityLink kind="invite-code" id={r.inviteCode} />
      </Cell>
      <Cell wrap>{r.source === "sub" ? "sub-affiliate" : SOURCE_WORDS[r.source]}</Cell>
      <Cell className="leading-tight">
        {day(r.firstDeposit)}
        <br />
        {day(r.lastDeposit)}
      </Cell>
      <Cell className="leading-tight">
        {day(r.firstTrade)}
        <br />
        {day(r.lastTrade)}
      </Cell>
      <Cell wrap>{STATUS_WORDS[r.status]}</Cell>
      {FIGURES.map((c) => {
        const value = r[c.key];
        return (
          <Cell key={c.key} numeric>
            {value === null ? <span title="Nothing recorded for this invitee in the period">—</span> : <Money value={value} coin={c.usdt ? "USDT" : r.coin} dp={c.dp} />}
          </Cell>
        );
      })}
    </Tr>
  );
}

export function InviteeDirectory({ data }: { data: InviteeAnswer }) {
  const url = useUrlParams();
  const fmt = useAmountFormat();
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
  const dormantDays = url.get("dormantDays") ?? "30";
  const th = (column: RosterSort, label: string) => <SortTh column={column} label={label} sort={sort} onSort={onSort} />;
  return (
    <section aria-labelledby="directory-heading" className="rounded-xl border border-slate-200 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-2 px-4 pt-3">
        <div className="max-w-3xl">
          <h2 id="directory-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            Invitee directory
          </h2>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Every invitee of this connection, whenever they signed up; the period only decides the figures beside each person (
            {coin === "USDT" ? "amounts in USDT" : `commission and net fee in ${coin}, the rest in USDT`}; — where nothing is recorded for them in the period). Source is read from the invitee&apos;s latest commission item: direct, or via a
            sub-affiliate; unknown when the warehouse holds none. Dormant: traded before, no trade for {dormantDays} days or more.
          </p>
        </div>
        <ExportCsvLink report="invitees" table="roster" label="Invitee directory (all rows)" />
      </div>
      {/* No search where it cannot answer (a snapshot) or would confirm a masked uid. */}
      {url.canSort && !source.shared?.redactUids ? <DirectoryFilters /> : null}
      <TableFrame label="Invitee directory table" className="mt-3">
        <Table caption="Invitee directory" className="text-xs">
          <THead>
            <Tr>
              {th("uid", "uid")}
              {th("registerTime", "Registered")}
              {th("kyc", "KYC")}
              {th("inviteCode", "Code")}
              {th("source", "Source")}
              <DatePairTh label="Deposit" first="firstDeposit" last="lastDeposit" sort={sort} onSort={onSort} />
              <DatePairTh label="Trade" first="firstTrade" last="lastTrade" sort={sort} onSort={onSort} />
              {th("status", "Status")}
              {FIGURES.map((c) => (
                <SortTh
                  key={c.key}
                  column={c.key}
                  label={
                    <>
                      <span className="block">{c.label}</span>
                      <span className="block font-normal">({fmt.unit(c.usdt ? "USDT" : coin)})</span>
                    </>
                  }
                  ariaLabel={`${c.label} (${fmt.unit(c.usdt ? "USDT" : coin)})`}
                  sort={sort}
                  onSort={onSort}
                  right
                />
              ))}
            </Tr>
          </THead>
          <TBody>
            {roster.rows.map((r) => (
              <DirectoryRow key={r.uid} r={r} />
            ))}
            {/* uid … status, then the range's figures */}
            <PrintedRowsNote note={roster.note} columns={8 + FIGURES.length} />
          </TBody>
        </Table>
        {data.roster.total === 0 ? <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">No invitee matches this search and these filters.</p> : null}
      </TableFrame>
      {roster.footer}
    </section>
  );
}
