/**
 * Chart annotations as the API answers them and charts draw them, and the one rule of which charts show which.
 * Browser-safe (pure): the API, the share page and the charts all decide with the same functions.
 */
/** A note's length limit (the table's check says the same). */
export const ANNOTATION_TEXT_MAX = 280;

export interface Annotation {
  id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  text: string;
  inviteCode: string | null;
  subAffiliateUid: string | null;
  createdByEmail: string;
  updatedAt: number;
  updatedByEmail: string;
}

export interface AnnotationLogEntry {
  id: string;
  action: "create" | "update" | "delete";
  actorEmail: string;
  at: number;
  before: AnnotationFields | null;
  after: AnnotationFields | null;
}

export type AnnotationFields = Pick<Annotation, "day" | "text" | "inviteCode" | "subAffiliateUid">;

/** What a chart is narrowed to: its days, and a sub-affiliate or invite code if the view is one's. */
export interface ChartScope {
  from: string;
  to: string;
  sub?: string | null;
  code?: string | null;
}

/**
 * The rule: an annotation shows on a chart when its day is in the chart's range and it is tied to nothing, or the
 * chart is narrowed to nothing, or it is tied to the very sub-affiliate or invite code the chart is narrowed to.
 */
export function showsOn(a: Pick<Annotation, "day" | "inviteCode" | "subAffiliateUid">, chart: ChartScope): boolean {
  if (a.day < chart.from || a.day > chart.to) return false;
  const tied = a.inviteCode !== null || a.subAffiliateUid !== null;
  const narrowed = Boolean(chart.sub) || Boolean(chart.code);
  if (!tied || !narrowed) return true;
  return (chart.sub ? a.subAffiliateUid === chart.sub : false) || (chart.code ? a.inviteCode === chart.code : false);
}

/**
 * The bucket a day is drawn at: the last bucket starting on or before it (buckets are their first day, YYYY-MM-DD,
 * in order), so a week or month chart marks the period holding the day; a day before the first bucket marks it.
 */
export function bucketFor(day: string, buckets: readonly string[]): string | null {
  let found: string | null = null;
  for (const b of buckets) {
    if (b <= day) found = b;
    else break;
  }
  return found ?? buckets[0] ?? null;
}

/** What an annotation is tied to, in words ("" for the whole connection). */
export function annotationScopeWords(a: Pick<Annotation, "inviteCode" | "subAffiliateUid">): string {
  const parts = [a.inviteCode ? `invite code ${a.inviteCode}` : "", a.subAffiliateUid ? `sub-affiliate ${a.subAffiliateUid}` : ""];
  return parts.filter(Boolean).join(", ");
}

/**
 * The sub-affiliate a view is narrowed to: its `sub` filter, or on the sub-affiliate's own page (report
 * "sub-affiliate") the `uid` its path names. An invitee page's uid is an invitee, not a scope of annotations.
 */
export function chartScopeOf(report: string, view: { from: string; to: string; uid?: string; sub?: string }): ChartScope {
  return { from: view.from, to: view.to, sub: report === "sub-affiliate" ? (view.uid ?? null) : (view.sub ?? null) };
}
