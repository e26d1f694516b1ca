/** Order ids (18-digit, increasing, above 2^53) and client order ids for the sandbox spot account. */
import { Rng } from "../data/rng";

export class OrderIdSource {
  private next: bigint;
  private readonly rng: Rng;
  private clientSeq = 0;

  constructor(private readonly seed: number) {
    this.rng = Rng.derive(seed, "spot-order-ids");
    this.next = 700_000_000_000_000_000n + BigInt(this.rng.int(0, 99_999_999)) * 1_000_000_000n;
  }

  orderId(): bigint {
    this.next += BigInt(this.rng.int(1_000, 250_000_000));
    return this.next;
  }

  /** A client order id such as "web_k3j9x0c2m1q8z7aa" (1-36 chars of letters, digits, _ and -). */
  clientOrderId(prefix?: string): string {
    const rng = Rng.derive(this.seed, "spot-client-id", this.clientSeq++);
    const head = prefix ?? rng.pick(["web_", "app_", "api-", "rd-"]);
    let tail = "";
    for (let i = 0; i < 16; i++) tail += "abcdefghijklmnopqrstuvwxyz0123456789"[rng.int(0, 35)];
    return head + tail;
  }
}
