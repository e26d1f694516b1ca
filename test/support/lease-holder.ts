/**
 * A separate process that takes a lease and then works forever, for the test
 * that kills it with SIGKILL while it holds the lease (a real dead holder).
 * Run: node --conditions=react-server --import tsx test/support/lease-holder.ts <postgres url> <lease name> <ttl ms>
 * Prints "held <owner>" once the lease is its own.
 */
import { createDb } from "../../lib/db/client";
import { withLease } from "../../lib/jobs/lease";

const [url, name, ttl] = process.argv.slice(2);
if (!url || !name || !ttl) throw new Error("usage: lease-holder.ts <postgres url> <lease name> <ttl ms>");
const handle = await createDb({ url, migrate: false });
const outcome = await withLease(handle.db, name, Number(ttl), async (lease) => {
  console.log(`held ${lease.owner}`);
  await new Promise(() => {}); // works until killed
});
console.log(`not held: ${JSON.stringify(outcome)}`);
process.exit(2);
