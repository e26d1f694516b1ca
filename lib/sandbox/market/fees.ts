/** Spot fee rates of the sandbox (about 0.1 % maker and taker, as on the real exchange). */
export const SPOT_MAKER_FEE_RATE = "0.001";
export const SPOT_TAKER_FEE_RATE = "0.001";
/** The same rates in basis points, as the account object reports them. */
export const SPOT_MAKER_COMMISSION_BP = 10;
export const SPOT_TAKER_COMMISSION_BP = 10;
