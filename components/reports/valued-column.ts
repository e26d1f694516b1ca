/**
 * Tables with a "Commission valued (≈ USDT)" column beside a native amount (lib/metrics `commissionValued`): in a
 * USDT view it would repeat every figure, so the page leaves it out (the CSV keeps it).
 */
export const usdtColumnUnlessValued = (coin: string): Array<"commissionUsdt"> => (coin === "USDT" ? ["commissionUsdt"] : []);
