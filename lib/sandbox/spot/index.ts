export { createSpotAccount } from "./account";
export { SpotRequestError, validateBatch } from "./batch";
export { SPOT_COINS, coinById, coinByName, type Coin } from "./coins";
export type * from "./types";
