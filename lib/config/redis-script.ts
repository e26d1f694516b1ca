/**
 * A Lua script run by EVALSHA, loaded with EVAL the first time a server lacks
 * it (NOSCRIPT: first use, a restart, SCRIPT FLUSH). A script runs atomically
 * on the server, which is what makes the shared stores exact across instances.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

export class RedisScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

/** A short, fixed-length Redis key part for a caller's key: no e-mail addresses or API keys in key names. */
export function hashedKeyPart(key: string): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 22);
}
