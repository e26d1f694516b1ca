/**
 * The delivery worker: claims due rows of `deliveries` with a lease
 * (claim.ts), sends each (mail-sender.ts, webhook-sender.ts), records the
 * attempt and either marks the row sent, schedules a retry (backoff.ts) or,
 * after the last attempt or a permanent refusal, marks it failed.
 *
 * At-least-once, honestly: the send and our commit cannot be one transaction
 * with an SMTP server or a webhook receiver. The outcome is committed right
 * after the send returns; an instance killed in that gap leaves a lease that
 * expires, and another instance sends again. Every message carries a stable id
 * for that case (Message-ID from the delivery id; the webhook's signed
 * `delivery.id` and X-Delivery-Id), so receivers can drop the copy.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { now as clockNow } from "../clock";
import type { Db } from "../db/client";
import type { DeliveryRow } from "../db/schema";
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from "./backoff";
import { claimDue, recordAttempt, renewClaim } from "./claim";
import { sendMail } from "./mail-sender";
import { scrubError } from "./scrub";
import { SendError } from "./send-error";
import { deliverySettings, type DeliverySettings } from "./settings";
import { sendWebhook } from "./webhook-sender";

export interface WorkerOptions {
  db: Db;
  /** Lease owner id; one per instance by default. */
  workerId?: string;
  now?: () => Date;
  settings?: DeliverySettings;
  /** How long a claim holds a row: longer than rendering PDFs and the send's timeout together. */
  leaseMs?: number;
  batch?: number;
  backoff?: Backoff;
  random?: () => number;
  /** Only these deliveries ("send now" of one message). */
  ids?: readonly string[];
}

export interface DrainSummary {
  sent: number;
  retried: number;
  failed: number;
  /** Outcomes not recorded because the lease had expired and another instance took over. */
  lost: number;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/** Sends one claimed row; resolves to the attempt's outcome. */
async function deliverOne(row: DeliveryRow, options: Required<Omit<WorkerOptions, "ids">>): Promise<"sent" | "retry" | "failed" | "lost"> {
  // The batch was claimed at once; this row's turn may come after its lease ran out and another instance took it.
  if (!(await renewClaim(options.db, row, options.workerId, options.now(), options.leaseMs))) {
    console.warn(`[notify] delivery ${row.id}: left to another instance (its claim expired before its turn in this batch)`);
    return "lost";
  }
  const started = performance.now();
  const secrets: string[] = [];
  let error: SendError | null = null;
  try {
    const sendNow = options.now();
    if (row.channel === "mail") await sendMail(options.db, row, options.settings, sendNow, secrets);
    else await sendWebhook(options.db, row, { timeoutMs: options.settings.webhookTimeoutMs, now: sendNow }, secrets);
  } catch (caught) {
    error = caught instanceof SendError ? caught : new SendError(caught instanceof Error ? caught.message : String(caught));
  }
  const durationMs = performance.now() - started;
  const at = options.now();
  const finalTry = error !== null && (error.permanent || row.attempts >= options.settings.maxAttempts);
  const outcome = error === null ? "sent" : finalTry ? "failed" : "retry";
  const text = error === null ? null : scrubError(error.message, secrets);
  const held = await recordAttempt(options.db, row, options.workerId, at, {
    outcome,
    error: text,
    durationMs,
    ...(outcome === "retry" ? { nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts, options.backoff, options.random)) } : {}),
  });
  if (text) console.warn(`[notify] delivery ${row.id} (${row.channel}) attempt ${row.attempts}: ${outcome}: ${text}`);
  return held ? outcome : "lost";
}

/** Sends everything due now, batch by batch, until nothing is due; answers what happened. */
export async function drainNow(input: WorkerOptions): Promise<DrainSummary> {
  const options = {
    db: input.db,
    workerId: input.workerId ?? INSTANCE_ID,
    now: input.now ?? (() => clockNow()),
    settings: input.settings ?? deliverySettings(),
    leaseMs: input.leaseMs ?? DEFAULT_LEASE_MS,
    batch: input.batch ?? 10,
    backoff: input.backoff ?? DEFAULT_BACKOFF,
    random: input.random ?? Math.random,
  };
  const summary: DrainSummary = { sent: 0, retried: 0, failed: 0, lost: 0 };
  // Bounded: a retry is never due again within the same drain (its backoff is in the future).
  for (let round = 0; round < 100; round++) {
    const claimed = await claimDue(options.db, { workerId: options.workerId, now: options.now(), leaseMs: options.leaseMs, limit: options.batch, ...(input.ids ? { ids: input.ids } : {}) });
    if (claimed.length === 0) break;
    for (const row of claimed) {
      const outcome = await deliverOne(row, options);
      if (outcome === "sent") summary.sent++;
      else if (outcome === "retry") summary.retried++;
      else if (outcome === "failed") summary.failed++;
      else summary.lost++;
    }
  }
  return summary;
}
