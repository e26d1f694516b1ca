/**
 * The one factory of react-query keys. Every query and every invalidation
 * names its key through here, so `invalidateQueries({ queryKey: queryKeys.exchange.all() })`
 * reaches exactly the queries it means to.
 *
 * Keys are hierarchical: ["rd", area, ...specifics]; params objects come last
 * (react-query hashes them by value, key order independent).
 */
import type { EndpointId } from "@/lib/weex/endpoints";

const ROOT = "rd" as const;

/** The source of the app's own report views in their query keys (a share link's views name its token). */
export const APP_REPORT_SOURCE = "app";

export const queryKeys = {
  all: () => [ROOT] as const,

  me: () => [ROOT, "me"] as const,

  connections: {
    all: () => [ROOT, "connections"] as const,
    list: () => [...queryKeys.connections.all(), "list"] as const,
  },

  /** Live calls through the signed proxy. Switching connection resets these. */
  exchange: {
    all: () => [ROOT, "exchange"] as const,
    endpoint: <Id extends EndpointId>(id: Id, params: Readonly<Record<string, unknown>> = {}) =>
      [...queryKeys.exchange.all(), id, params] as const,
  },

  markets: {
    exchangeInfo: () => queryKeys.exchange.endpoint("exchangeInfo"),
    tickers: () => queryKeys.exchange.endpoint("ticker24hr"),
  },

  /** Trading: our own order routes and their audit log. */
  trading: {
    all: () => [ROOT, "trading"] as const,
    audit: () => [...queryKeys.trading.all(), "audit"] as const,
    /** The contract orders placed through the app (stored intents) on the selected connection. */
    intents: () => [...queryKeys.trading.all(), "intents"] as const,
  },

  /** Saved views (the navigation's pinned ones, the list of the Reports page) and one view's log. */
  savedViews: () => [ROOT, "saved-views"] as const,
  savedViewLog: (id: string) => [ROOT, "saved-views", id, "log"] as const,

  /** Share links of the Reports page. */
  shareLinks: () => [ROOT, "share-links"] as const,
  shareLinkViews: (id: string, page: number) => [ROOT, "share-links", id, "views", page] as const,

  /** Alerts: fired events, the navigation's unacknowledged count, and the rules. */
  alerts: {
    all: () => [ROOT, "alerts"] as const,
    events: () => [...queryKeys.alerts.all(), "events"] as const,
    count: () => [...queryKeys.alerts.all(), "count"] as const,
    rules: () => [...queryKeys.alerts.all(), "rules"] as const,
  },

  /** The webhook endpoints the user may use (Settings → Webhooks, the digest and rule forms). */
  webhookEndpoints: () => [ROOT, "webhook-endpoints"] as const,

  /** Digests of the Digests page, and one digest's run history. */
  digests: {
    all: () => [ROOT, "digests"] as const,
    list: () => [...queryKeys.digests.all(), "list"] as const,
    runs: (id: string) => [...queryKeys.digests.all(), "runs", id] as const,
  },

  /** The team's own follow-up on invitees: one invitee's notes, tags and follow-up; the connection's tag vocabulary. */
  inviteeWork: {
    all: () => [ROOT, "invitee-work"] as const,
    one: (uid: string) => [...queryKeys.inviteeWork.all(), "invitee", uid] as const,
    tags: () => [...queryKeys.inviteeWork.all(), "tags"] as const,
  },

  /** The connection's targets and tier thresholds (lib/targets). */
  targets: () => [ROOT, "targets"] as const,

  /** Chart annotations (lib/annotations): all of them, or one chart's days and scope. */
  annotations: {
    all: () => [ROOT, "annotations"] as const,
    list: (params: Readonly<Record<string, string>>) => [...queryKeys.annotations.all(), params] as const,
  },

  /** Campaign costs (lib/campaign-costs): the Invite codes view's figures per query, one code's costs and payback. */
  /** The Change log page's pages of one log (lib/change-log): annotations or campaign costs. */
  changeLog: (kind: string) => [ROOT, "change-log", kind] as const,

  campaignCosts: {
    all: () => [ROOT, "campaign-costs"] as const,
    returns: (query: string) => [...queryKeys.campaignCosts.all(), "returns", query] as const,
    code: (code: string) => [...queryKeys.campaignCosts.all(), "code", code] as const,
  },

  /** Invitee-quality flags (lib/invitee-flags): one invitee's, and the connection's thresholds. */
  inviteeFlags: {
    all: () => [ROOT, "invitee-flags"] as const,
    one: (uid: string) => [...queryKeys.inviteeFlags.all(), "invitee", uid] as const,
    settings: () => [...queryKeys.inviteeFlags.all(), "settings"] as const,
  },

  /** Warehouse reports (later issues): one family per figure, filters last. */
  reports: {
    all: () => [ROOT, "reports"] as const,
    family: (name: string, filters: Readonly<Record<string, unknown>> = {}) =>
      [...queryKeys.reports.all(), name, filters] as const,
    /** One report view: the page's whole query string, from the app ("app") or a share link (its token). */
    view: (name: string, query: string, source: string) => queryKeys.reports.family(name, { query, source }),
  },
} as const;
