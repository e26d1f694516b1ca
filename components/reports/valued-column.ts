/**
 * Tables with "… valued (≈ USDT)" columns beside native amounts (lib/metrics `commissionValued`, `netFeeValued`): in a
 * USDT view they would repeat every figure, so the page leaves them out (the CSV keeps them).
 */
export const valuedColumnsUnless = <K extends string>(coin: string, keys: readonly K[]): K[] => (coin === "USDT" ? [...keys] : []);

/** The commission's value alone (a table without a net fee valued). */
export const usdtColumnUnlessValued = (coin: string): Array<"commissionUsdt"> => valuedColumnsUnless(coin, ["commissionUsdt"]);
