import { describe, expect, it } from "vitest";
import { csvLine, csvStream } from "./csv-stream";
import type { CsvCell } from "./csv";

async function* batches(...list: Array<Array<readonly CsvCell[]>>): AsyncGenerator<Array<readonly CsvCell[]>> {
  for (const b of list) yield b;
}

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const text = (chunks: Uint8Array[]) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.concat(chunks));

describe("csvLine", () => {
  it("guards formulas, quotes and ends with CRLF", () => {
    expect(csvLine(["=HYPERLINK(\"x\")", "-1.5", "a,b", "@x", "\tx", "12.000000000000000001"])).toBe(`"'=HYPERLINK(""x"")",-1.5,"a,b",'@x,'\tx,12.000000000000000001\r\n`);
  });
});

describe("csvStream", () => {
  it("writes a BOM and the header first, then the rows, as UTF-8", async () => {
    const chunks = await chunksOf(csvStream(["coin", "amount"], batches([["ÉTH", "1.10"]], [["+x", "2"]])));
    expect([...chunks[0]!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(chunks)).toBe("\uFEFFcoin,amount\r\nÉTH,1.10\r\n'+x,2\r\n");
  });

  it("writes notes (the coverage sentence) as one quoted '# ' cell each, before the header", async () => {
    const chunks = await chunksOf(csvStream(["day", "fee"], batches([["2026-01-01", "1"]]), { notes: ["Partial: history from 2025-11-25, so totals cover 6 of 42 days"] }));
    expect(text(chunks)).toBe('\uFEFF"# Partial: history from 2025-11-25, so totals cover 6 of 42 days"\r\nday,fee\r\n2026-01-01,1\r\n');
  });

  it("splits large batches into chunks and reads the source only when asked", async () => {
    let read = 0;
    async function* source(): AsyncGenerator<Array<readonly CsvCell[]>> {
      for (let b = 0; b < 5; b++) {
        read++;
        yield Array.from({ length: 10 }, (_, i) => [String(b * 10 + i)]);
      }
    }
    const stream = csvStream(["n"], source(), { rowsPerChunk: 4 });
    const reader = stream.getReader();
    await reader.read(); // header
    await reader.read(); // first 4 rows of batch 1
    expect(read).toBe(1);
    reader.releaseLock();
    const rest = await chunksOf(stream);
    expect(read).toBe(5);
    // 10 rows per batch in chunks of 4: 3 chunks per batch, one already read.
    expect(rest.length).toBe(5 * 3 - 1);
    const lines = text(rest).split("\r\n").filter(Boolean);
    expect(lines.at(-1)).toBe("49");
  });

  it("ends the source when the reader cancels", async () => {
    let finished = false;
    async function* source(): AsyncGenerator<Array<readonly CsvCell[]>> {
      try {
        for (;;) yield [["x"]];
      } finally {
        finished = true;
      }
    }
    const reader = csvStream(["h"], source()).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });

  it("writes only the header for an empty table", async () => {
    expect(text(await chunksOf(csvStream(["a", "b"], batches())))).toBe("\uFEFFa,b\r\n");
  });
});
