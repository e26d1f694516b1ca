/**
 * CSV as a stream, for exports too large to build in memory: the same cells as
 * `toCsv` (formula guard, RFC 4180 quoting, CRLF), UTF-8 with a byte-order mark,
 * written one batch of rows at a time as the reader asks for more (pull), so a
 * slow download never makes the server read ahead of it.
 */
import { csvCell, type CsvCell } from "./csv";

const BOM = "\uFEFF";

/** One CSV line (CRLF included) of already-ordered cells. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}

export interface CsvStreamOptions {
  /** Rows per chunk when the source yields single rows: chunks stay small, and there are few of them. */
  rowsPerChunk?: number;
  /**
   * Lines before the header, each one quoted cell starting with "# " (a note a
   * person reads first, e.g. that the data covers only part of the range;
   * spreadsheet users see it, and pandas' comment="#" or csv readers that skip
   * "#" lines pass over it). Absent: the header is the first line.
   */
  notes?: readonly string[];
}

/**
 * A UTF-8 CSV byte stream: BOM, any notes and the header row first, then each batch of rows.
 * `batches` yields arrays of rows (a database page each); a batch larger than
 * `rowsPerChunk` is split. Cancelling the stream ends the source (its `return`).
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<ReadonlyArray<readonly CsvCell[]>>,
  options: CsvStreamOptions = {},
): ReadableStream<Uint8Array> {
  const rowsPerChunk = Math.max(1, options.rowsPerChunk ?? 500);
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let pending: ReadonlyArray<readonly CsvCell[]> = [];
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const notes = (options.notes ?? []).map((note) => csvLine([`# ${note}`])).join("");
        controller.enqueue(encoder.encode(BOM + notes + csvLine(header)));
        return;
      }
      while (pending.length === 0) {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        pending = next.value;
      }
      const chunk = pending.slice(0, rowsPerChunk);
      pending = pending.slice(rowsPerChunk);
      controller.enqueue(encoder.encode(chunk.map(csvLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
