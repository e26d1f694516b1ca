/**
 * Everything the sandbox exchange knows: the affiliate world, and per account
 * its spot account and contract simulator (made on first use). Deterministic
 * from the options' seed and the creation time.
 */
import "server-only";
import { createContractSimulator, type ContractSimulator } from "./contract";
import { createAffiliateWorld, type AffiliateWorld } from "./data/affiliate";
import { sandboxAccounts, type SandboxAccount } from "./accounts";
import type { SandboxOptions } from "./config";
import { createSpotAccount, type SpotAccount } from "./spot";

/** Days of spot order and bill history of each account. */
const SPOT_HISTORY_DAYS = 90;

export class SandboxWorld {
  readonly affiliate: AffiliateWorld;
  readonly accounts: SandboxAccount[];
  readonly createdAt: number;
  private readonly spot = new Map<string, SpotAccount>();
  private readonly contract = new Map<string, ContractSimulator>();

  constructor(readonly options: SandboxOptions) {
    this.createdAt = options.now();
    this.affiliate = createAffiliateWorld(
      { seed: options.seed, invitees: options.invitees, days: options.days, subAffiliates: options.subAffiliates, restate: options.restate },
      this.createdAt,
    );
    this.accounts = sandboxAccounts(options, this.affiliate.affiliateUid);
  }

  /** A per-account seed, so the affiliate and the plain account hold different books. */
  private accountSeed(uid: string): number {
    return (this.options.seed * 31 + Number(BigInt(uid) % 1_000_003n)) >>> 0;
  }

  spotAccount(account: SandboxAccount): SpotAccount {
    let s = this.spot.get(account.uid);
    if (!s) {
      s = createSpotAccount({
        seed: this.accountSeed(account.uid),
        uid: account.uid,
        createdAt: this.createdAt,
        days: SPOT_HISTORY_DAYS,
        batchEnabled: this.options.batchEnabled,
        marketSeed: this.options.seed,
      });
      this.spot.set(account.uid, s);
    }
    return s;
  }

  contractSimulator(account: SandboxAccount): ContractSimulator {
    let c = this.contract.get(account.uid);
    if (!c) {
      c = createContractSimulator({ seed: this.accountSeed(account.uid), marketSeed: this.options.seed, now: this.options.now });
      this.contract.set(account.uid, c);
    }
    return c;
  }
}
