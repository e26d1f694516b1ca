/**
 * The affiliate world: invitees, their commission items, sub-affiliate records
 * and trade-and-asset totals, generated lazily day by day and cached.
 *
 * Time: world day 0 starts at UTC day floor(createdAt) − `days`; the world
 * continues forever. A query at `now` generates (once) every day up to the day
 * of `now`, in order, and answers only what is visible at `now`.
 *
 * Caching: a day is *settled* two days after its start — all its items are
 * visible and every natural restatement has happened. Settled days are
 * materialised once (with every forced restatement applied) and folded into
 * flat prefix arrays and per-invitee cumulative sums, so a call costs about a
 * copy of the settled prefix plus the work of the last two days. If a query's
 * `now` is earlier than a forced restatement (restateDay), the caches do not
 * describe that moment and the answer is computed day by day instead.
 */
import {
  type DayItems,
  type ForcedRestatement,
  generateDayItems,
  materializeDay,
} from "./commissions";
import { affiliateUid as makeAffiliateUid } from "./ids";
import { directCodes, inviteeRecordAt } from "./invitees";
import { SignupSchedule } from "./signups";
import { FlatPrefix, type SettledDay } from "./flat-prefix";
import { Planter } from "./plant";
import { InviteeRoster } from "./roster";
import { aggregateSubAffiliateDay, createSubAffiliates } from "./sub-affiliates";
import { DAY_MS, utcDayStart } from "./time";
import {
  addItems,
  byUid,
  mergeTotals,
  MoneyIndex,
  type Totals,
  TradeCumulative,
  tradeAndAssetRecord,
} from "./trade-and-asset";
import type {
  AffiliateWorld,
  AffiliateWorldOptions,
  CommissionRecord,
  Invitee,
  InvitedUserRecord,
  PlantedInvitees,
  SubAffiliate,
  SubAffiliateRecord,
  TradeAndAssetQuery,
  TradeAndAssetRecord,
} from "./types";
import { completeWorldOptions } from "./types";

/** Days after its start at which a day can no longer change (see commissions.ts). */
const SETTLE_DAYS = 2;

class World implements AffiliateWorld {
  readonly affiliateUid: string;
  readonly subAffiliateUids: readonly string[];

  private readonly opts: AffiliateWorldOptions;
  private readonly startMs: number;
  private readonly subs: SubAffiliate[];
  private readonly subByUid = new Map<string, SubAffiliate>();
  private readonly roster: InviteeRoster;
  private readonly planter: Planter;
  private active: Invitee[] = [];

  // Items.
  private readonly days: DayItems[] = [];
  private readonly forced = new Map<number, ForcedRestatement[]>();
  private maxForcedAt = -Infinity;
  private readonly settled: (SettledDay | undefined)[] = [];
  private readonly flatItems = new FlatPrefix<CommissionRecord>();
  private readonly flatSub = new FlatPrefix<SubAffiliateRecord>();
  private readonly cumulative = new TradeCumulative();
  private readonly money = new MoneyIndex();

  /** Bumped by restateDay: invalidates the one-entry memos. */
  private version = 0;
  private memoInvited: { now: number; rows: readonly InvitedUserRecord[] } | undefined;
  private memoItems: { now: number; version: number; rows: readonly CommissionRecord[] } | undefined;
  private memoSub: { now: number; version: number; rows: readonly SubAffiliateRecord[] } | undefined;

  constructor(opts: AffiliateWorldOptions, createdAt: number) {
    this.opts = opts;
    this.startMs = utcDayStart(createdAt) - opts.days * DAY_MS;
    this.affiliateUid = makeAffiliateUid(opts.seed);
    this.subs = createSubAffiliates(opts.seed, opts.subAffiliates, opts.days);
    for (const s of this.subs) this.subByUid.set(s.uid, s);
    this.subAffiliateUids = Object.freeze(this.subs.map((s) => s.uid));
    const schedule = new SignupSchedule(opts.seed, this.startMs, opts.invitees, opts.days);
    const codes = directCodes(opts.seed);
    this.planter = new Planter({ seed: opts.seed, days: opts.plant === false ? 0 : opts.days, schedule, codes });
    this.roster = new InviteeRoster(
      { seed: opts.seed, startMs: this.startMs, schedule, subs: this.subs, directCodes: codes },
      this.planter,
    );
  }

  // ---- generation -------------------------------------------------------

  private dayIndex(ms: number): number {
    return Math.floor((ms - this.startMs) / DAY_MS);
  }

  /** Generates every day up to and including `day`. */
  private ensureDay(day: number): void {
    while (this.days.length <= day) {
      const d = this.days.length;
      this.roster.ensureDay(d);
      this.active.push(...this.roster.takeFirstTraders(d));
      this.active = this.active.filter((inv) => (inv.trader?.lastActiveDay ?? -1) >= d);
      this.days.push(
        generateDayItems({ seed: this.opts.seed, startMs: this.startMs, restate: this.opts.restate }, d, this.active),
      );
    }
  }

  /** Generates up to the day of `now`; returns that day index (−1 before the world starts). */
  private prepare(now: number): number {
    const day = this.dayIndex(now);
    if (day >= 0) this.ensureDay(day);
    return day;
  }

  private forcedOf(day: number): readonly ForcedRestatement[] {
    return this.forced.get(day) ?? [];
  }

  private dayAt(day: number, now: number): CommissionRecord[] {
    const d = this.days[day];
    return d ? materializeDay(this.opts.seed, d, now, this.forcedOf(day)) : [];
  }

  /** Final state of a settled day (all forced restatements applied). */
  private settledDay(day: number): SettledDay {
    let s = this.settled[day];
    if (!s) {
      const d = this.days[day] as DayItems;
      s = { items: materializeDay(this.opts.seed, d, Infinity, this.forcedOf(day)) };
      this.settled[day] = s;
    }
    return s;
  }

  private settledSubRecords(day: number): readonly SubAffiliateRecord[] {
    const s = this.settledDay(day);
    if (!s.subRecords) {
      const dayStart = this.startMs + day * DAY_MS;
      s.subRecords = aggregateSubAffiliateDay(dayStart, s.items, (uid) => this.subOfInvitee(uid));
    }
    return s.subRecords;
  }

  private subOfInvitee(uid: string): SubAffiliate | undefined {
    const sub = this.roster.byUid.get(uid)?.subAffiliateUid;
    return sub ? this.subByUid.get(sub) : undefined;
  }

  /** Settled days at `now` are [0, settledDays); the caches are usable iff `fast`. */
  private plan(now: number, build?: "items" | "sub"): { nowDay: number; settledDays: number; fast: boolean } {
    const nowDay = this.prepare(now);
    const settledDays = Math.max(0, Math.min(this.days.length, nowDay - SETTLE_DAYS + 1));
    const fast = now >= this.maxForcedAt;
    if (fast && build === "items") {
      while (this.flatItems.builtDays < settledDays) {
        const day = this.flatItems.builtDays;
        this.flatItems.append(this.settledDay(day).items);
      }
    }
    if (fast && build === "sub") {
      while (this.flatSub.builtDays < settledDays) {
        const day = this.flatSub.builtDays;
        this.flatSub.append(this.settledSubRecords(day));
      }
    }
    return { nowDay, settledDays: fast ? settledDays : 0, fast };
  }

  invitedUsers(now: number): readonly InvitedUserRecord[] {
    if (this.memoInvited?.now === now) return this.memoInvited.rows;
    this.prepare(now);
    const rows: InvitedUserRecord[] = [];
    for (const inv of this.roster.invitees) {
      if (inv.registerTime > now) break;
      rows.push(Object.freeze(inviteeRecordAt(inv, now)));
    }
    const frozen = Object.freeze(rows);
    this.memoInvited = { now, rows: frozen };
    return frozen;
  }

  commissionItems(now: number): readonly CommissionRecord[] {
    const memo = this.memoItems;
    if (memo && memo.now === now && memo.version === this.version) return memo.rows;
    const { nowDay, settledDays } = this.plan(now, "items");
    const rows = this.flatItems.upTo(settledDays);
    for (let d = settledDays; d <= nowDay && d < this.days.length; d++) {
      for (const item of this.dayAt(d, now)) rows.push(item);
    }
    const frozen = Object.freeze(rows);
    this.memoItems = { now, version: this.version, rows: frozen };
    return frozen;
  }

  subAffiliateRecords(now: number): readonly SubAffiliateRecord[] {
    const memo = this.memoSub;
    if (memo && memo.now === now && memo.version === this.version) return memo.rows;
    const { nowDay, settledDays } = this.plan(now, "sub");
    const rows = this.flatSub.upTo(settledDays);
    for (let d = settledDays; d <= nowDay && d < this.days.length; d++) {
      const dayStart = this.startMs + d * DAY_MS;
      rows.push(...aggregateSubAffiliateDay(dayStart, this.dayAt(d, now), (uid) => this.subOfInvitee(uid)));
    }
    const frozen = Object.freeze(rows);
    this.memoSub = { now, version: this.version, rows: frozen };
    return frozen;
  }

  tradeAndAsset(now: number, q: TradeAndAssetQuery): TradeAndAssetRecord[] {
    const { nowDay, settledDays, fast } = this.plan(now);
    if (nowDay < 0) return [];
    const lo = q.startTime ?? -Infinity;
    const hi = Math.min(q.endTime ?? Infinity, now);
    if (hi < lo) return [];

    // Items are selected by `date` (a day start): days whose start lies in [lo, hi].
    const fromDay = Math.max(0, Math.ceil((lo - this.startMs) / DAY_MS));
    const toDay = Math.min(nowDay, Math.floor((hi - this.startMs) / DAY_MS), this.days.length - 1);

    let prefixTo = -1; // days [fromDay, prefixTo] come from the cumulative sums
    if (fast && settledDays > 0) {
      while (this.cumulative.builtDays < settledDays) {
        const day = this.cumulative.builtDays;
        this.cumulative.append(day, this.settledDay(day).items);
      }
      prefixTo = Math.min(toDay, settledDays - 1);
    }
    const recent = new Map<string, Totals>();
    for (let d = Math.max(fromDay, prefixTo + 1); d <= toDay; d++) {
      const items = this.dayAt(d, now);
      addItems(recent, q.uid === undefined ? items : items.filter((i) => i.uid === q.uid));
    }

    const candidates =
      q.uid === undefined
        ? this.roster.invitees
        : ((u) => (u ? [u] : []))(this.roster.byUid.get(q.uid));
    const out: TradeAndAssetRecord[] = [];
    for (const inv of candidates) {
      if (inv.registerTime > now) continue;
      const money = this.money.range(inv, lo, hi);
      const trade =
        inv.trader === null
          ? undefined
          : mergeTotals(
              prefixTo >= fromDay ? this.cumulative.range(inv.uid, fromDay, prefixTo) : undefined,
              recent.get(inv.uid),
            );
      if (!money && !trade) continue;
      out.push(tradeAndAssetRecord(inv.uid, money, trade));
    }
    out.sort(byUid);
    return out;
  }

  planted(): Readonly<PlantedInvitees> {
    this.roster.ensureDay(this.opts.days);
    return this.planter.planted;
  }

  restateDay(dayStartMs: number, now: number): number {
    const day = this.dayIndex(dayStartMs);
    if (day < 0) return 0;
    this.prepare(now);
    this.ensureDay(day);
    const d = this.days[day] as DayItems;
    const changed = d.items.filter((i) => i.availableAt <= now).length;
    if (changed === 0) return 0;
    const list = this.forced.get(day) ?? [];
    list.push({ at: now, gen: list.length });
    this.forced.set(day, list);
    this.maxForcedAt = Math.max(this.maxForcedAt, now);
    this.settled[day] = undefined;
    this.flatItems.truncate(day);
    this.flatSub.truncate(day);
    this.cumulative.truncate(day);
    this.version++;
    return changed;
  }
}

/** A deterministic affiliate world: same options and createdAt ⇒ identical answers. */
export function createAffiliateWorld(opts: AffiliateWorldOptions, createdAt: number): AffiliateWorld {
  if (!Number.isFinite(createdAt)) throw new Error("createAffiliateWorld: createdAt must be a finite ms timestamp");
  return new World(completeWorldOptions(opts), createdAt);
}
