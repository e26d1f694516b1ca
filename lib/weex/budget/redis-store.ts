/**
 * The budget store shared by several app instances: the same contract as the
 * memory store, held in Redis and made atomic by Lua scripts (redis-lua.ts),
 * so instances together never reserve more than a key's limit.
 *
 * Clocks: every time is the caller's `now` (the budget's own clock), never
 * Redis TIME, so a budget's timers and the store agree and tests may use a
 * fake clock. Instances must keep their clocks in sync (NTP): an instance
 * running s ms ahead sees others' weight expire s ms early, so together they
 * can exceed the budget by what fits into those s ms at a window's edge. Held
 * weight already counts from a request's finish (not its arrival), which
 * absorbs small skews, and a 429 pauses every instance via the shared pause.
 *
 * In-flight entries hold a lease (`inFlightLeaseMs`, far longer than any
 * request) instead of the memory store's "forever", so an instance that dies
 * mid-request cannot block the budget for good.
 *
 * Keys: `<prefix><hash of budget key>:log|fly|pause` (hashed: budget keys hold
 * API keys). Each expires after its latest entry (plus `gcSlackMs`, which also
 * covers clock skew), so Redis holds nothing for idle budgets.
 *
 * Failures: tryReserve, pause, pausedUntil and used throw (the budget turns
 * that into a refusal: nothing is sent unmetered). settle never throws: it runs
 * after the exchange answered and must not turn an answer (an order placed)
 * into an error; a lost settle leaves the weight counting until its lease ends.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { hashedKeyPart, RedisScript } from "../../config/redis-script";
import { PAUSE_LUA, RESERVE_LUA, SETTLE_LUA, USED_LUA } from "./redis-lua";
import type { BudgetStore, ReserveResult, WeightClaim } from "./store";

export interface RedisBudgetStoreOptions {
  /** Namespace of every key (default "rd:budget:"). */
  prefix?: string;
  /** How long an unsettled reservation counts at most (default 2 min). */
  inFlightLeaseMs?: number;
  /** Extra lifetime of keys past their latest entry (default 60 s). */
  gcSlackMs?: number;
}

/** How soon to look again when only in-flight requests block a claim (as the memory store). */
const IN_FLIGHT_POLL_MS = 20;

const reserveScript = new RedisScript(RESERVE_LUA);
const settleScript = new RedisScript(SETTLE_LUA);
const pauseScript = new RedisScript(PAUSE_LUA);
const usedScript = new RedisScript(USED_LUA);

export class RedisBudgetStore implements BudgetStore {
  private readonly prefix: string;
  private readonly leaseMs: number;
  private readonly slackMs: number;
  /** Reservations made here and not settled yet: the keys and members to move. */
  private readonly pending = new Map<string, { keys: string[]; members: string[] }>();

  constructor(
    private readonly redis: Redis,
    options: RedisBudgetStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? "rd:budget:";
    this.leaseMs = options.inFlightLeaseMs ?? 120_000;
    this.slackMs = options.gcSlackMs ?? 60_000;
  }

  private keyOf(budgetKey: string, kind: "log" | "fly" | "pause"): string {
    return `${this.prefix}${hashedKeyPart(budgetKey)}:${kind}`;
  }

  private pair(budgetKey: string): string[] {
    return [this.keyOf(budgetKey, "log"), this.keyOf(budgetKey, "fly")];
  }

  async tryReserve(claims: readonly WeightClaim[], _windowMs: number, now: number): Promise<ReserveResult> {
    const id = randomUUID();
    if (claims.length === 0) return { ok: true, id }; // weightless: nothing to count, nothing to settle
    const keys = claims.flatMap((c) => this.pair(c.key));
    const args = [now, id, this.leaseMs, this.slackMs, IN_FLIGHT_POLL_MS, ...claims.flatMap((c) => [c.weight, c.limit])];
    const reply = await reserveScript.run(this.redis, keys, args);
    if (!Array.isArray(reply) || (reply[0] !== 1 && reply[0] !== 0)) throw new Error(`unexpected budget reply ${JSON.stringify(reply)}`);
    if (reply[0] === 0) return { ok: false, retryAt: Number(reply[1]) };
    this.pending.set(id, { keys, members: claims.map((c, i) => `${id}:${i + 1}:${c.weight}`) });
    return { ok: true, id };
  }

  async settle(id: string, now: number, windowMs: number): Promise<void> {
    const reservation = this.pending.get(id);
    if (!reservation) return;
    this.pending.delete(id);
    try {
      await settleScript.run(this.redis, reservation.keys, [now, now + windowMs, this.slackMs, ...reservation.members]);
    } catch (error) {
      console.warn(`[rebate-desk] weight budget: settle failed, the weight counts until its lease ends: ${(error as Error).message}`);
    }
  }

  async pause(keys: readonly string[], until: number): Promise<void> {
    if (keys.length === 0) return;
    // The value (caller's clock) decides; the TTL only collects the key afterwards.
    const ttl = Math.ceil(Math.max(0, until - Date.now()) + this.slackMs);
    await pauseScript.run(this.redis, keys.map((k) => this.keyOf(k, "pause")), [until, ttl]);
  }

  async pausedUntil(keys: readonly string[], now: number): Promise<number> {
    if (keys.length === 0) return 0;
    const values = await this.redis.mget(...keys.map((k) => this.keyOf(k, "pause")));
    let until = 0;
    for (const value of values) {
      const p = value === null ? 0 : Number(value);
      if (p > now) until = Math.max(until, p);
    }
    return until;
  }

  async used(key: string, now: number): Promise<number> {
    return Number(await usedScript.run(this.redis, this.pair(key), [now]));
  }
}
