/**
 * The shape of one row of the endpoints table. Everything the client, the
 * sandbox, the proxy and the tests need to know about an endpoint is here.
 */
import type { z } from "zod";
import type { RangeRule } from "../time-range";

export type HttpMethod = "GET" | "POST" | "DELETE";
/** Which base URL serves the path: spot and affiliate on the spot host, /capi on the contract host. */
export type Host = "spot" | "contract";
export type Category = "public" | "USER_DATA" | "TRADE" | "AFFILIATE";

/** How an endpoint pages, for the paging helpers. */
export type Paging =
  /** Numbered pages: page/pageNum/pageIndex with a size parameter; the list is `itemsField` (or the bare array). */
  | {
      style: "numbered";
      pageParam: "page" | "pageNum" | "pageIndex";
      sizeParam: "pageSize" | "limit";
      size: number;
      itemsField?: string;
      /** Field with the page count, when the response has one (informative: paging follows rows, a full page has a next). */
      pagesField?: string;
      /** Field with the query's row count, when the response has one: a sync checks the rows it read against it. */
      totalField?: string;
      /** Field that says whether a next page exists, when the response has one. */
      hasNextField?: string;
    }
  /** Bill-id cursors: `after`/`before` a bill id; the bare array is the page. */
  | { style: "cursor"; sizeParam: "limit"; size: number; idField: string }
  /** A time-bounded list with `hasMore`: the next page narrows the time window past the last record. */
  | { style: "hasMore"; sizeParam: "limit"; size: number; itemsField: string; idField: string; timeField: string };

export interface EndpointDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  id: string;
  /** The spec's title. */
  title: string;
  method: HttpMethod;
  host: Host;
  path: string;
  /** Request weight counted per IP and per UID (spec 8); 0 where the spec gives none. */
  weight: { ip: number; uid: number };
  /** Public endpoints carry no ACCESS-* headers. */
  signed: boolean;
  category: Category;
  /** GET parameters travel in the query string; POST and DELETE in a JSON body (and so do paths with "batch"). */
  paramsIn: "query" | "body";
  /** Safe to send again after a network error or 5xx: true for reads, never for order placement or cancellation. */
  idempotent: boolean;
  /** Whether the real exchange serves it today (spot batch placement does not: -1150). */
  availableUpstream: boolean;
  request: Req;
  response: Res;
  /** The longest [startTime, endTime] window the endpoint accepts, when the spec states one. */
  range?: RangeRule;
  /** A window public documentation mentions but the contract does not state: used by paging helpers, not enforced. */
  advisoryRange?: RangeRule;
  /** Defaults of startTime/endTime relative to now, when the spec states them. */
  defaultLookbackMs?: number;
  paging?: Paging;
  /** Where the row comes from: the contract (default) or the addendum (endpoints the contract leaves out). */
  source?: "contract" | "addendum";
}

/** What a row states; the rest follows from the spec's general rules (see defineEndpoint). */
export type EndpointSpec = Omit<EndpointDef, "signed" | "paramsIn" | "idempotent" | "availableUpstream"> & {
  availableUpstream?: boolean;
};

type Derived<D extends EndpointSpec> = D & {
  signed: D["category"] extends "public" ? false : true;
  paramsIn: D["method"] extends "GET" ? "query" : "body";
  idempotent: D["category"] extends "TRADE" ? false : true;
  availableUpstream: boolean;
};

/**
 * Completes a row with what the spec says of every endpoint, and keeps the
 * row's exact type (schemas, the optional rules it sets):
 *   - public endpoints (no category tag) carry no ACCESS-* headers; all others are signed;
 *   - GET parameters travel in the query string, POST and DELETE in a JSON body;
 *   - reads may be retried; TRADE calls (placement, cancellation) never blindly.
 */
export function defineEndpoint<const D extends EndpointSpec>(spec: D): Derived<D> {
  return {
    ...spec,
    signed: spec.category !== "public",
    paramsIn: spec.method === "GET" ? "query" : "body",
    idempotent: spec.category !== "TRADE",
    availableUpstream: spec.availableUpstream ?? true,
  } as Derived<D>;
}
