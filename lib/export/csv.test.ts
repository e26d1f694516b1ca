import { describe, expect, it } from "vitest";
import { csvBlob, csvCell, neutraliseFormula, toCsv } from "./csv";

describe("csv formula guard", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1", "'+1"],
    ["-12.50x", "'-12.50x"],
    ["-1+cmd|' /C calc'!A0", "'-1+cmd|' /C calc'!A0"],
    ["-", "'-"],
    ["-.5", "'-.5"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
  ])("neutralises %j", (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });

  it("leaves ordinary values alone", () => {
    for (const value of ["12.5", "BTC", "", "a=b", "0.00000001", "1e-8"]) expect(neutraliseFormula(value)).toBe(value);
  });

  it("leaves plain numbers as numbers, negative ones included", () => {
    for (const value of ["-1558.38", "-12.50", "-0", "-123456789012345678.000000000000000001", "0"]) expect(neutraliseFormula(value)).toBe(value);
  });
});

describe("csv cells and documents", () => {
  it("quotes commas, quotes and line breaks after guarding", () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("keeps decimal strings exact and writes empty cells for missing values", () => {
    expect(csvCell("123456789012345678.000000000000000001")).toBe("123456789012345678.000000000000000001");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("writes a header row and CRLF rows", () => {
    expect(toCsv(["id", "amount"], [["1", "-0.5"], ["2", "3"]])).toBe("id,amount\r\n1,-0.5\r\n2,3\r\n");
  });

  it("is UTF-8 with a byte-order mark", async () => {
    const blob = csvBlob("coin\r\nÉTH\r\n");
    expect(blob.type).toBe("text/csv;charset=utf-8");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("coin\r\nÉTH\r\n");
  });
});
