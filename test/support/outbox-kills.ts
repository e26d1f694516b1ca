/**
 * Killing app instances at chosen points of the digest and delivery work, for
 * the multi-instance digest test: while one holds a delivery claim, while one
 * is in the middle of a digest run (held at the outbox by a table lock), and
 * after the SMTP server has accepted a message but before the sender learns it
 * (SIGSTOP from the server's hook, then SIGKILL). Lease owners of digest runs
 * and deliveries are "<host>:<pid>:<random>": the pid says which instance.
 */
import { and, eq } from "drizzle-orm";
import { Client } from "pg";
import type { Db } from "@/lib/db/client";
import { deliveries, digestRuns } from "@/lib/db/schema";
import { waitFor, type AppInstance } from "./instances";

const MINUTE = 60_000;
const ownerPid = (owner: string): number => Number(owner.split(":").at(-2));

/** The running instance whose process holds a lease, if any (a killed one's zombie may keep its pid a while: exited() says). */
export function liveInstanceOf(instances: readonly AppInstance[], owner: string): AppInstance | undefined {
  return instances.find((i) => !i.exited() && i.owns(ownerPid(owner)));
}

/** Kills the instance holding a live delivery claim the moment one is seen; "missed" once `done()` says the work settled first. */
export async function killDuringClaim(db: Db, instances: readonly AppInstance[], now: () => number, done: () => Promise<boolean>, logs: () => string): Promise<AppInstance | "missed"> {
  return waitFor(
    "a live delivery claim to kill, or the minute's work done",
    async () => {
      const claimed = await db.select().from(deliveries).where(eq(deliveries.status, "pending"));
      for (const row of claimed) {
        const holder = row.leaseOwner && row.leaseUntil && row.leaseUntil.getTime() > now() ? liveInstanceOf(instances, row.leaseOwner) : undefined;
        if (holder) {
          await holder.kill();
          return holder;
        }
      }
      return (await done()) ? ("missed" as const) : undefined;
    },
    4 * MINUTE,
    logs,
  );
}

/**
 * Holds the outbox still: an EXCLUSIVE lock on `deliveries` (reads pass) makes a digest run wait where it
 * queues its messages — the run is `running`, its lease held — and the delivery workers wait to claim.
 * Answers the release (commit).
 */
export async function lockOutbox(url: string): Promise<() => Promise<void>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query("begin");
  await client.query("lock table deliveries in exclusive mode");
  return async () => {
    await client.query("commit");
    await client.end();
  };
}

/** Kills the instance running the digest run due at `dueAt` while the outbox lock holds it. */
export async function killDuringRun(db: Db, instances: readonly AppInstance[], dueAt: number, logs: () => string): Promise<{ runId: string; instance: AppInstance }> {
  return waitFor(
    `the digest run of ${new Date(dueAt).toISOString()} held at the outbox`,
    async () => {
      const [run] = await db
        .select()
        .from(digestRuns)
        .where(and(eq(digestRuns.dueAt, new Date(dueAt)), eq(digestRuns.status, "running")));
      const holder = run?.leaseOwner ? liveInstanceOf(instances, run.leaseOwner) : undefined;
      if (!run || !holder) return undefined;
      await holder.kill();
      return { runId: run.id, instance: holder };
    },
    3 * MINUTE,
    logs,
  );
}

export interface MidSend {
  deliveryId: string;
  instance: AppInstance;
}

/**
 * Stops a sender in the middle of a send, for one message once armed: run from the SMTP server's
 * beforeAccept hook, it stops (SIGSTOP) the instance holding the message's claim before the server
 * answers "250 OK" — it can neither read the answer nor commit the outcome; the test then kills it.
 */
export class MidSendStopper {
  private resolve: ((stopped: MidSend) => void) | null = null;

  constructor(
    private readonly db: () => Db,
    private readonly instances: readonly AppInstance[],
  ) {}

  arm(): Promise<MidSend> {
    return new Promise((resolve) => (this.resolve = resolve));
  }

  disarm(): void {
    this.resolve = null;
  }

  async beforeAccept(deliveryId: string): Promise<void> {
    const resolve = this.resolve;
    if (!resolve) return;
    const [row] = await this.db().select().from(deliveries).where(eq(deliveries.id, deliveryId));
    const sender = row?.leaseOwner ? liveInstanceOf(this.instances, row.leaseOwner) : undefined;
    if (!sender) return; // not a claim we can see: wait for the next message
    this.resolve = null;
    process.kill(-sender.pgid, "SIGSTOP");
    resolve({ deliveryId, instance: sender });
  }
}
