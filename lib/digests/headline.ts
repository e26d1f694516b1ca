/**
 * The headline figures of each report — what a digest puts in its body — read
 * from the report's answer as its contract types it, by the report's own
 * definition (lib/reports/<name>/index.ts `headline`): the Overview's cards,
 * the totals rows of the others. Money keeps its coin (one figure per coin
 * where a report has several: coins are never added).
 */
import "server-only";
import type { AnswerOf } from "../reports/define";
import type { ReportName } from "../reports/names";
import { reportDefinition } from "../reports/registry";
import type { HeadlineFigure } from "./figure";

export type { FigureUnit, HeadlineFigure } from "./figure";

/** The answers by report, as the report pipeline types them. */
export type HeadlineAnswers = { [N in ReportName]: AnswerOf<N> };

export function headlineFigures<N extends ReportName>(report: N, answer: HeadlineAnswers[N]): HeadlineFigure[] {
  return reportDefinition(report).headline(answer);
}
