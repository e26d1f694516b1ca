/**
 * Client paging at the default weight budget: page through 100 000 commission
 * items (pageSize 100, weight 20 a page) against the sandbox, both enforcing
 * 500 weight per 10 s. Prints the achieved weight per second divided by the
 * budget (aim ≥ 0.9) and the number of 429s (must be 0).
 *
 *   npm run bench:paging -- [--items 100000] [--invitees 6000] [--page-size 100]
 *
 * At the default budget the full run takes about 400 s: it is the budget, not
 * the machine, that sets the pace. `--items 10000` gives a quicker reading.
 */
import { startSandbox } from "../lib/sandbox";
import { WeightBudget } from "../lib/weex/budget";
import { WeexClient } from "../lib/weex/client";
import { ENDPOINTS } from "../lib/weex/endpoints";
import { paginateRange } from "../lib/weex/paging";
import { flagNumber, fmt } from "./stats";

const args = process.argv.slice(2);
const target = flagNumber(args, "items", 100_000);
const invitees = flagNumber(args, "invitees", 6_000);
const pageSize = flagNumber(args, "page-size", 100);
const DAY = 86_400_000;

const sandbox = await startSandbox({ invitees, days: 400, seed: 42 });
const { budget: limit, windowMs } = sandbox.options;
const client = new WeexClient({
  spotBaseUrl: sandbox.url,
  contractBaseUrl: sandbox.url,
  credentials: { apiKey: sandbox.options.apiKey, secret: sandbox.options.secret, passphrase: sandbox.options.passphrase },
  budget: new WeightBudget({ ipLimit: limit, uidLimit: limit, windowMs }),
});

const now = Date.now();
let items = 0;
let pages = 0;
const started = performance.now();
await client.syncClock();
let weight = ENDPOINTS.exchangeInfo.weight.ip;
outer: for (const productType of ["FUTURES", "SPOT"] as const) {
  for await (const page of paginateRange(client, "getAffiliateCommission", { productType, pageSize }, { startTime: now - 400 * DAY, endTime: now })) {
    pages++;
    weight += ENDPOINTS.getAffiliateCommission.weight.ip;
    items += page.items.length;
    if (items >= target) break outer;
  }
}
const elapsed = (performance.now() - started) / 1000;
const budgetPerSecond = limit / (windowMs / 1000);
await sandbox.close();

console.log(`client paging getAffiliateCommission, pageSize ${pageSize}, budget ${limit} weight per ${windowMs / 1000} s (IP and UID)`);
console.log(`  ${items} items in ${pages} pages (+1 clock sync), ${fmt(elapsed, 1)} s`);
console.log(`  achieved ${fmt(weight / elapsed, 2)} weight/s of a budget of ${fmt(budgetPerSecond, 2)} weight/s: ratio ${fmt(weight / elapsed / budgetPerSecond, 3)}`);
console.log(`  429s from the sandbox: ${sandbox.limiter.stats.tooMany}, 418s: ${sandbox.limiter.stats.banned}`);
