/**
 * Paging helpers: iterate every page of an endpoint, whatever its paging
 * style (page/pageNum/pageIndex numbers, bill-id cursors, hasMore), and split a
 * long time range into windows the endpoint accepts. They read each endpoint's
 * paging descriptor and range rule from the endpoints table.
 */
import type { WeexClient, CallOptions } from "./client";
import { ENDPOINTS, type EndpointId, type Endpoints, type RequestInput, type ResponseOf } from "./endpoints";
import type { Paging } from "./endpoints/define";
import { splitRange } from "./time-range";

/** Endpoints that page. */
export type PagedEndpointId = {
  [Id in EndpointId]: Endpoints[Id] extends { paging: Paging } ? Id : never;
}[EndpointId];

type ItemsField<Id extends PagedEndpointId> = Endpoints[Id]["paging"] extends { itemsField: infer F extends string } ? F : never;

/** The element type of one page's list. */
export type ItemOf<Id extends PagedEndpointId> = [ItemsField<Id>] extends [never]
  ? ResponseOf<Id> extends ReadonlyArray<infer T>
    ? T
    : never
  : ResponseOf<Id> extends Record<ItemsField<Id>, ReadonlyArray<infer T>>
    ? T
    : never;

export interface Page<Id extends PagedEndpointId> {
  /** 1-based position of this page in the iteration. */
  index: number;
  items: ItemOf<Id>[];
  response: ResponseOf<Id>;
  /** The parameters this page was fetched with. */
  params: Record<string, unknown>;
}

export interface PagingOptions extends CallOptions {
  /** Bill cursors only: "older" walks back with `before` (default), "newer" walks forward with `after`. */
  direction?: "older" | "newer";
  /** Stop after this many pages (e.g. a sync run's slice of work). */
  maxPages?: number;
}

function itemsOf(paging: Paging, response: unknown): unknown[] {
  const list = "itemsField" in paging && paging.itemsField ? (response as Record<string, unknown>)[paging.itemsField] : response;
  return Array.isArray(list) ? list : [];
}

function field(item: unknown, name: string): unknown {
  return (item as Record<string, unknown>)[name];
}

/** Every page of `id` for `params`, in the endpoint's own paging style. */
export async function* paginate<Id extends PagedEndpointId>(
  client: WeexClient,
  id: Id,
  params: RequestInput<Id>,
  options: PagingOptions = {},
): AsyncGenerator<Page<Id>> {
  const paging: Paging = ENDPOINTS[id].paging;
  const base: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  const size = Number(base[paging.sizeParam] ?? paging.size);
  base[paging.sizeParam] = size;
  const seen = new Set<string>();
  let page = paging.style === "numbered" ? Number(base[paging.pageParam] ?? 1) : 0;

  for (let index = 1; options.maxPages === undefined || index <= options.maxPages; index++) {
    const current: Record<string, unknown> = { ...base };
    if (paging.style === "numbered") current[paging.pageParam] = page;
    const response = await client.call(id, current as RequestInput<Id>, options);
    const items = itemsOf(paging, response);
    yield { index, items: items as ItemOf<Id>[], response, params: current };
    if (items.length === 0) return;

    if (paging.style === "numbered") {
      const r = response as Record<string, unknown>;
      if (paging.hasNextField !== undefined && r[paging.hasNextField] === false) return;
      // Rows, not the exchange's arithmetic, end the paging: a page that says `pages: 1` after a full page of rows
      // (a lie or a count taken before rows arrived) would otherwise drop every row after it.
      if (items.length < size) return;
      page++;
    } else if (paging.style === "cursor") {
      if (items.length < size) return;
      const ids = items.map((it) => BigInt(String(field(it, paging.idField))));
      const edge = ids.reduce((a, b) => (options.direction === "newer" ? (b > a ? b : a) : b < a ? b : a));
      delete base.after;
      delete base.before;
      base[options.direction === "newer" ? "after" : "before"] = edge.toString();
    } else {
      if (field(response, "hasMore") !== true) return;
      // Narrow the window past the records seen. Records sharing the edge
      // millisecond are fetched again and skipped by id, so none is lost.
      const times = items.map((it) => Number(field(it, paging.timeField)));
      const newestFirst = times.length > 1 && (times[0] as number) > (times.at(-1) as number);
      const before = seen.size;
      for (const it of items) seen.add(String(field(it, paging.idField)));
      if (seen.size === before) throw new Error(`${id}: paging made no progress (more than ${size} records in one millisecond?)`);
      if (newestFirst) base.endTime = Math.min(...times);
      else base.startTime = Math.max(...times);
    }
  }
}

/** Every item of every page (hasMore pages de-duplicated by id). */
export async function collect<Id extends PagedEndpointId>(
  client: WeexClient,
  id: Id,
  params: RequestInput<Id>,
  options: PagingOptions = {},
): Promise<ItemOf<Id>[]> {
  const paging: Paging = ENDPOINTS[id].paging;
  const all: ItemOf<Id>[] = [];
  const seen = new Set<string>();
  for await (const page of paginate(client, id, params, options)) {
    for (const item of page.items) {
      if (paging.style === "hasMore") {
        const key = String(field(item, paging.idField));
        if (seen.has(key)) continue;
        seen.add(key);
      }
      all.push(item);
    }
  }
  return all;
}

/**
 * [startTime, endTime] split into windows the endpoint accepts (its stated
 * range, else the range public docs mention), newest window first.
 */
export function windowsFor(id: EndpointId, startTime: number, endTime: number): Array<{ startTime: number; endTime: number }> {
  const endpoint = ENDPOINTS[id] as { range?: Parameters<typeof splitRange>[0]; advisoryRange?: Parameters<typeof splitRange>[0] };
  const rule = endpoint.range ?? endpoint.advisoryRange;
  return rule ? splitRange(rule, startTime, endTime) : [{ startTime, endTime }];
}

/** Every page of every window of a long time range, newest window first. */
export async function* paginateRange<Id extends PagedEndpointId>(
  client: WeexClient,
  id: Id,
  params: RequestInput<Id>,
  range: { startTime: number; endTime: number },
  options: PagingOptions = {},
): AsyncGenerator<Page<Id> & { window: { startTime: number; endTime: number } }> {
  for (const window of windowsFor(id, range.startTime, range.endTime)) {
    const windowParams = { ...(params as Record<string, unknown>), ...window } as RequestInput<Id>;
    for await (const page of paginate(client, id, windowParams, options)) yield { ...page, window };
  }
}
