import { describe, expect, it } from "vitest";
import { PRINT_MAX_ROWS, printedPages, printedRowsSentence } from "./print-rows";

describe("rows a PDF prints", () => {
  it("says all rows are printed when they are", () => {
    expect(printedRowsSentence(413, 413)).toBe("All 413 rows.");
    expect(printedRowsSentence(1, 1)).toBe("All 1 row.");
  });

  it("above the limit, says how many of how many and where the rest is", () => {
    expect(printedRowsSentence(PRINT_MAX_ROWS, 5321)).toBe("First 2,000 of 5,321 rows — the full table is in the CSV.");
  });

  it("reads just the pages the printed rows need", () => {
    expect(printedPages(413, 200)).toBe(3);
    expect(printedPages(413, 50)).toBe(9);
    expect(printedPages(0, 50)).toBe(0);
    expect(printedPages(5321, 200)).toBe(10);
  });
});
