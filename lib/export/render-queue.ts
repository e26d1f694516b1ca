/**
 * A bounded queue for expensive work (server-side PDF renders): at most `concurrency` run at once,
 * at most `maxWaiting` wait for a turn, and anything beyond is refused at once with an estimate of
 * when to try again — so a burst of requests cannot pile up behind the browser without end.
 */

/** Refused because the queue is full; nothing was started. */
export class RenderQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`the server is busy with other PDFs; try again in ${retryAfterSeconds} s`);
    this.name = "RenderQueueFull";
  }
}

export interface RenderQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** What one piece of work is assumed to take before any has been timed (ms). */
  initialEstimateMs?: number;
}

export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Moving average of how long a piece of work takes, for Retry-After. */
  private averageMs: number;

  constructor(private readonly options: RenderQueueOptions) {
    this.averageMs = options.initialEstimateMs ?? 5_000;
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Seconds until a request refused now would likely find room: the work ahead of it, spread over the slots. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length;
    return Math.max(1, Math.ceil(((ahead / this.options.concurrency) * this.averageMs) / 1000));
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw new RenderQueueFull(this.retryAfterSeconds());
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    const started = Date.now();
    try {
      return await work();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - started);
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
