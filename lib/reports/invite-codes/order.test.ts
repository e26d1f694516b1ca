import { describe, expect, it } from "vitest";
import { SMALL_SAMPLE } from "./contract";
import { compareRows } from "./order";

const row = (inviteCode: string, signups: number, traded: number) => ({
  inviteCode,
  signups,
  kyc: signups,
  deposited: traded,
  traded,
  tradeRate: (traded / signups).toFixed(6),
  commission: "0",
  volume: "0",
});

describe("invite codes order", () => {
  const rows = [row("BIG", 400, 120), row("ONE", 1, 1), row("MID", 40, 20), row("FEW", SMALL_SAMPLE - 1, 10)];
  it("by conversion, a code with 1 sign-up at 100 % does not lead: small samples rank after the rest", () => {
    expect([...rows].sort(compareRows("tradeRate", "desc")).map((r) => r.inviteCode)).toEqual(["MID", "BIG", "ONE", "FEW"]);
    expect([...rows].sort(compareRows("tradeRate", "asc")).map((r) => r.inviteCode)).toEqual(["BIG", "MID", "FEW", "ONE"]);
  });
  it("counts sort as before, small or not", () => {
    expect([...rows].sort(compareRows("signups", "desc")).map((r) => r.inviteCode)).toEqual(["BIG", "MID", "FEW", "ONE"]);
  });
});
