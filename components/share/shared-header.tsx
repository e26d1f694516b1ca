import { formatUtcMinute } from "@/lib/format/time";
import { COMPARE_IN_WORDS, type CompareChoice } from "@/lib/reports/periods";
import { sharedHeading } from "@/lib/share/viewer-label";

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The header of a shared report: what it is, its locked scope, whether the
 * figures are live or frozen, and until when the link works. No navigation.
 */
export function SharedHeader(props: {
  label: string;
  title: string;
  scope: string;
  mode: "live" | "snapshot";
  createdAt: number;
  expiresAt: number | null;
  redactUids: boolean;
  percentages: boolean;
  /** What the link's view compares with: a percentages link's totals are changes against it. */
  compare: CompareChoice;
  pdfHref: string;
}) {
  const notes = [
    props.mode === "snapshot" ? `Snapshot of ${formatUtcMinute(props.createdAt)} UTC` : "Live figures from the warehouse",
    props.expiresAt === null ? "Link does not expire" : `Link expires ${day(props.expiresAt)}`,
    ...(props.redactUids ? ["Invitee uids masked"] : []),
    ...(props.percentages ? [`Totals shown as their change against ${COMPARE_IN_WORDS[props.compare]} (whole days only), other amounts as % of their total`] : []),
  ];
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4 dark:border-slate-800 print:pb-2">
      <div className="space-y-1">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700 dark:text-brand-300">Rebate Desk · shared report</p>
        <h1 className="text-2xl font-semibold print:text-xl">
          {sharedHeading(props.title, props.label)}
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="shared-scope">
          {props.scope}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{notes.join(" · ")}</p>
      </div>
      <a href={props.pdfHref} className="print:hidden text-sm font-medium text-brand-700 underline dark:text-brand-300" download>
        Download PDF
      </a>
    </header>
  );
}

/**
 * The head of the app's own PDF of a report (printed through an internal link):
 * the report's title and its scope, as the page in the app shows them; the
 * view's "data as of" follows it. Nothing here says "shared": it is not.
 * (When answers carry their coverage, its note belongs under the scope here and
 * in SharedHeader, and `partial` in the file name: lib/export/file-meta.ts.)
 */
export function ReportPdfHeader({ title, scope }: { title: string; scope: string }) {
  return (
    // data-pdf-title: the PDF's own title (its metadata, shown in a viewer's title bar) is the report's, not "Shared report".
    <header className="space-y-1 border-b border-slate-200 pb-4 dark:border-slate-800 print:pb-2" data-pdf-title={`${title} — ${scope}`}>
      <p className="text-xs font-medium uppercase tracking-wide text-brand-700 dark:text-brand-300">Rebate Desk · Affiliate report</p>
      <h1 className="text-2xl font-semibold print:text-xl">{title}</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="report-scope">
        {scope}
      </p>
    </header>
  );
}
