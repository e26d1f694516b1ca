/**
 * Order / algo ids: 18-digit bigints above 2^53, strictly increasing in
 * allocation order (hence unique), deterministic for a seed and an allocation
 * sequence. id = base(seed) + counter × STRIDE + jitter(seed, counter), with
 * jitter < STRIDE, so ids look scattered yet never collide.
 */
import { Rng } from "../data/rng";

const ID_FLOOR = 700_000_000_000_000_000n;
const SEED_SPREAD = 10_000_000_000n; // base offsets up to 1e6 × 1e10 = 1e16 above the floor
const STRIDE = 1_000n;

export class IdSequence {
  private counter = 0n;
  private readonly base: bigint;

  constructor(private readonly seed: number) {
    this.base = ID_FLOOR + BigInt(Rng.derive(seed, "contract-ids").int(0, 999_999)) * SEED_SPREAD;
  }

  next(): bigint {
    this.counter += 1n;
    const jitter = BigInt(Rng.derive(this.seed, "contract-id", this.counter).int(0, Number(STRIDE) - 1));
    return this.base + this.counter * STRIDE + jitter;
  }
}
