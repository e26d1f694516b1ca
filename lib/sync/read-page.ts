/**
 * Reading a window of a report page by page: wait for budget room, read the
 * page, commit it (lib/sync/commit.ts), count it, renew the lease, and on a
 * transient failure try the same page again with backoff. A history window
 * interrupted earlier resumes at the page it stopped at.
 */
import { isWeexError } from "../weex/errors";
import { paginate, type PagedEndpointId } from "../weex/paging";
import { pageWeight } from "./budget-gate";
import { commitPage } from "./commit";
import { recordWindow, shortfallOf } from "./incomplete";
import { checkRowTimes } from "./page-checks";
import type { RunContext } from "./config";
import { estimate, fullReadKey, lastFullRead, pagingOf, type ReportRun } from "./plan";
import { LeaseLostError, takeLease } from "./state";
import type { SyncProgress } from "./status";
import type { SyncWindow } from "./windows";

/** Errors worth another attempt of the same page (the client's own retries are spent). */
export function transient(error: unknown): boolean {
  if (!isWeexError(error)) return error instanceof TypeError; // fetch failures
  return error.kind === "rate-limited" || error.kind === "network" || error.kind === "budget-queue-full" || (error.status !== undefined && error.status >= 500);
}

/** The page a window starts at: 1, or where the stored cursor says an interrupted history window stopped. */
function firstPageOf(run: ReportRun, window: SyncWindow): number {
  const cursor = (run.state?.progress as SyncProgress | null | undefined)?.cursor;
  return window.phase === "history" && cursor && cursor.startTime === window.startTime && cursor.endTime === window.endTime ? cursor.page : 1;
}

/** Reads one window to its last page. Throws when aborted, when the lease is lost, or when a page keeps failing. */
export async function readWindow(ctx: RunContext, run: ReportRun, window: SyncWindow, lastOfPhase: boolean): Promise<void> {
  const { gate, signal, result } = ctx;
  const id = run.def.endpoint as PagedEndpointId;
  const weight = pageWeight(id);
  const paging = pagingOf(run);
  const p = run.progress;
  p.phase = window.phase;
  p.window = { startTime: window.startTime, endTime: window.endTime };
  p.windowsLeft -= 1;
  let pagesInWindow = 0;
  let checkpointed = false;
  let page = firstPageOf(run, window);
  let attempts = 0;
  let reread = false;
  // Re-entered after a transient failure (the window continues at the page that failed) and once from page 1 when
  // the rows read disagree with the stated total (lib/sync/incomplete.ts).
  for (;;) {
    let again = false;
    try {
      await gate.wait(weight, signal);
      const params = { ...run.def.params, startTime: window.startTime, endTime: window.endTime, [paging.pageParam]: page };
      for await (const got of paginate(ctx.client, id, params as never, signal ? { signal } : {})) {
        gate.spent(weight);
        attempts = 0;
        const items = got.items as never[];
        pagesInWindow++;
        run.result.pages++;
        run.result.weight += weight;
        result.pages++;
        result.weight += weight;
        p.pagesDone++;
        p.weightUsed += weight;
        // Before anything of the page is stored: rows dated outside the window refuse the whole page.
        checkRowTimes(id, items, run.def.timeOf as ((item: never) => number) | undefined, window, page);
        // Rows end the window, not `pages`: a full page always has a next one to ask for.
        const last = items.length < paging.size;
        const shortfall = last ? shortfallOf(paging.totalField, got.response, page, paging.size, items.length) : null;
        if (shortfall && !reread) {
          reread = again = true;
          break;
        }
        if (last) {
          p.windowsDone++;
          run.pagesPerWindow.push(pagesInWindow);
          run.incomplete = recordWindow(run.incomplete, window, shortfall, ctx.now());
        }
        const pages = paging.pagesField ? Number((got.response as Record<string, unknown>)[paging.pagesField] ?? 0) : 0;
        estimate(ctx, run, last ? 0 : Math.max(1, pages - page));
        const counts = await commitPage(ctx, run, { window, items, page, last, lastOfPhase });
        if (last) checkpointed = true;
        if (last && lastOfPhase && window.phase === "recent" && run.full) lastFullRead().set(fullReadKey(ctx.connectionId, run.def.key), ctx.startedAt);
        run.result.rowsAdded += counts.added;
        run.result.rowsChanged += counts.changed;
        result.rowsAdded += counts.added;
        result.rowsChanged += counts.changed;
        p.rowsAdded += counts.added;
        p.rowsChanged += counts.changed;
        await ctx.onPage?.({ report: run.def.key, window, page, items: items.length, counts, pagesRead: result.pages });
        page += 1;
        // Renewed after every page, a window's last too: a run of many one-page windows outlasts the lease otherwise.
        if (!(await takeLease(ctx.db, ctx.connectionId, ctx.owner, ctx.config.leaseMs, ctx.now()))) throw new LeaseLostError();
        await ctx.onLeaseRenewed?.();
        if (last) break;
        await gate.wait(weight, signal);
      }
    } catch (error) {
      if (signal?.aborted || !transient(error) || ++attempts >= ctx.config.pageAttempts) throw error;
      await ctx.sleep(Math.min(5_000, 250 * 2 ** attempts), signal);
      continue;
    }
    if (!again) break;
    page = 1;
    pagesInWindow = 0;
  }
  if (!checkpointed) throw new Error(`${run.def.key}: paging of ${new Date(window.startTime).toISOString()} ended without a last page`);
  if (run.state) run.state = { ...run.state, progress: null };
}
