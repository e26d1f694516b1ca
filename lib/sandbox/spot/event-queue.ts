/** The time-ordered event queue of the spot account's history simulation (history.ts). */

interface Event {
  time: number;
  seq: number;
  run: () => void;
}

/** Events kept sorted by (time, seq); later-scheduled events at the same time run later. */
export class EventQueue {
  private readonly items: Event[] = [];
  private seq = 0;

  constructor(private readonly end: number) {}

  push(time: number, run: () => void): void {
    if (time >= this.end) return;
    const ev = { time, seq: this.seq++, run };
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.items[mid] as Event;
      if (m.time < time || (m.time === time && m.seq < ev.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, ev);
  }

  /** Runs events in order, including those scheduled while running. */
  drain(): void {
    for (;;) {
      const ev = this.items.shift();
      if (ev === undefined) return;
      ev.run();
    }
  }
}
