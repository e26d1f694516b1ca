import { describe, expect, it } from "vitest";
import { alignByPosition } from "./overview-detail";

describe("alignByPosition", () => {
  it("pairs the k-th bucket of each period and leaves the shorter period's missing positions null, never zero", () => {
    const now = [
      { bucket: "2026-11-02", commission: "1.5" },
      { bucket: "2026-11-09", commission: "0" },
    ];
    const before = [
      { bucket: "2026-10-05", commission: "2" },
      { bucket: "2026-10-12", commission: "3.25" },
      { bucket: "2026-10-19", commission: "4" },
    ];
    expect(alignByPosition("USDT", now, before)).toEqual([
      { position: 0, bucket: "2026-11-02", previousBucket: "2026-10-05", coin: "USDT", commission: "1.5", previousCommission: "2" },
      { position: 1, bucket: "2026-11-09", previousBucket: "2026-10-12", coin: "USDT", commission: "0", previousCommission: "3.25" },
      { position: 2, bucket: null, previousBucket: "2026-10-19", coin: "USDT", commission: null, previousCommission: "4" },
    ]);
    expect(alignByPosition("BTC", before.slice(0, 1), [])).toEqual([
      { position: 0, bucket: "2026-10-05", previousBucket: null, coin: "BTC", commission: "2", previousCommission: null },
    ]);
  });
});
