import { describe, expect, it } from "vitest";
import { alignByPosition } from "./detail";

describe("alignByPosition", () => {
  it("pairs the k-th bucket of each period with its coverage and leaves the shorter period's missing positions null, never zero", () => {
    const now = [
      { bucket: "2026-11-02", commission: "1.5", state: "partial" as const },
      { bucket: "2026-11-09", commission: "0", state: "covered" as const },
    ];
    const before = [
      { bucket: "2026-10-05", commission: null, state: "uncovered" as const },
      { bucket: "2026-10-12", commission: "3.25", state: "covered" as const },
      { bucket: "2026-10-19", commission: "4", state: "covered" as const },
    ];
    expect(alignByPosition("USDT", now, before)).toEqual([
      { position: 0, bucket: "2026-11-02", previousBucket: "2026-10-05", coin: "USDT", commission: "1.5", previousCommission: null, state: "partial", previousState: "uncovered" },
      { position: 1, bucket: "2026-11-09", previousBucket: "2026-10-12", coin: "USDT", commission: "0", previousCommission: "3.25", state: "covered", previousState: "covered" },
      { position: 2, bucket: null, previousBucket: "2026-10-19", coin: "USDT", commission: null, previousCommission: "4", state: null, previousState: "covered" },
    ]);
    expect(alignByPosition("BTC", before.slice(1, 2), [])).toEqual([
      { position: 0, bucket: "2026-10-12", previousBucket: null, coin: "BTC", commission: "3.25", previousCommission: null, state: "covered", previousState: null },
    ]);
  });
});
