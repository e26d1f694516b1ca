/**
 * Rendered PDFs kept for views that have not changed: the key names everything the PDF depends on
 * (the view, its parameters and the warehouse's "data as of"), so a repeat of the same request is
 * answered from memory, and requests arriving while the same view renders share that one render.
 * Bounded by total bytes and by entries; the least recently used go first.
 */

export interface PdfCacheOptions {
  maxBytes: number;
  maxEntries: number;
}

export class PdfCache {
  /** Finished renders in least-recently-used order (a Map keeps insertion order). */
  private readonly done = new Map<string, Buffer>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly options: PdfCacheOptions) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.done.size, bytes: this.bytes };
  }

  /** A finished render of this key (marked as just used), or the one in flight, or undefined. */
  lookup(key: string): Promise<Buffer> | undefined {
    const pdf = this.done.get(key);
    if (pdf) {
      this.done.delete(key);
      this.done.set(key, pdf);
      return Promise.resolve(pdf);
    }
    return this.inFlight.get(key);
  }

  /** Renders this key once (callers arriving meanwhile share it) and keeps the result if it fits. */
  render(key: string, work: () => Promise<Buffer>): Promise<Buffer> {
    const existing = this.lookup(key);
    if (existing) return existing;
    const pending = work()
      .then((pdf) => {
        this.keep(key, pdf);
        return pdf;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, pending);
    return pending;
  }

  private keep(key: string, pdf: Buffer): void {
    if (pdf.length > this.options.maxBytes || this.options.maxEntries <= 0) return;
    const previous = this.done.get(key);
    if (previous) {
      this.done.delete(key);
      this.bytes -= previous.length;
    }
    this.done.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, old] of this.done) {
      if (this.bytes <= this.options.maxBytes && this.done.size <= this.options.maxEntries) break;
      this.done.delete(oldest);
      this.bytes -= old.length;
    }
  }
}
