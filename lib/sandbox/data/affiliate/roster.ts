/** The invited users of the affiliate world, drawn day by day in registerTime order (see world.ts). */
import { drawInvitee, type InviteeContext } from "./invitees";
import type { Planter } from "./plant";
import type { Invitee } from "./types";

export class InviteeRoster {
  /** In registerTime order. */
  readonly invitees: Invitee[] = [];
  readonly byUid = new Map<string, Invitee>();
  private days = 0;
  /** Traders by first trade day, waiting to become active. */
  private readonly firstTradeBuckets = new Map<number, Invitee[]>();

  constructor(
    private readonly ctx: InviteeContext,
    private readonly planter?: Planter,
  ) {}

  /** Draws every day's signups up to and including `day`. */
  ensureDay(day: number): void {
    while (this.days <= day) {
      const d = this.days;
      const n = this.ctx.schedule.count(d);
      const batch: Invitee[] = [];
      for (let i = 0; i < n; i++) batch.push(drawInvitee(this.ctx, d, i, this.invitees.length + i));
      this.planter?.apply(d, batch);
      batch.sort((a, b) => a.registerTime - b.registerTime || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
      for (const inv of batch) {
        this.invitees.push(inv);
        this.byUid.set(inv.uid, inv);
        if (inv.trader) {
          const bucket = this.firstTradeBuckets.get(inv.trader.firstTradeDay);
          if (bucket) bucket.push(inv);
          else this.firstTradeBuckets.set(inv.trader.firstTradeDay, [inv]);
        }
      }
      this.days++;
    }
  }

  /** The traders whose first trade day is `day`, handed out once. */
  takeFirstTraders(day: number): Invitee[] {
    const starting = this.firstTradeBuckets.get(day) ?? [];
    this.firstTradeBuckets.delete(day);
    return starting;
  }
}
