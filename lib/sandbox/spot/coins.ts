/** Assets of the sandbox spot account: USDT plus every base asset of the sandbox symbols. */
import { SANDBOX_SYMBOLS } from "../data/symbols";

export interface Coin {
  coinId: number;
  coinName: string;
  /** Decimal places used for deposits, transfers and withdrawals of this coin. */
  transferDp: number;
  /** Fixed network fee of a withdrawal (decimal string). */
  withdrawFee: string;
}

const WITHDRAW_FEES: Record<string, string> = {
  USDT: "1", BTC: "0.0002", ETH: "0.002", SOL: "0.01", XRP: "0.25", DOGE: "4", BNB: "0.001",
  ADA: "1", LINK: "0.3", AVAX: "0.01", LTC: "0.001", DOT: "0.1", TRX: "1",
};

/** USDT is coin 2 (1 is left unused), base assets follow in the order of the symbol list. */
export const SPOT_COINS: readonly Coin[] = [
  { coinId: 2, coinName: "USDT", transferDp: 2, withdrawFee: "1" },
  ...SANDBOX_SYMBOLS.map((s, i) => ({
    coinId: 3 + i,
    coinName: s.baseAsset,
    transferDp: Math.min(6, Math.max(2, s.baseAssetPrecision + 1)),
    withdrawFee: WITHDRAW_FEES[s.baseAsset] ?? "0.01",
  })),
];

export function coinByName(name: string): Coin {
  const coin = SPOT_COINS.find((c) => c.coinName === name);
  if (coin === undefined) throw new RangeError(`unknown coin ${name}`);
  return coin;
}

export function coinById(id: number): Coin | undefined {
  return SPOT_COINS.find((c) => c.coinId === id);
}
