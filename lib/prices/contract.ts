/**
 * How a report's USDT total of every coin was valued (docs/prices.md), as an answer field: the connection's price
 * basis, the pairs used, the latest price instant (today's still-running candle when the period reaches today) and,
 * per coin, what could not be valued for want of a day's price — never dropped silently. One definition for every
 * report that shows such a total (the Overview's first card, the Commissions headline). Browser-safe.
 */
import { count, day, flag, group, groupOrNull, list, money, oneOf, orNull, text } from "../reports/contracts/fields";
import { column, metricColumn, table } from "../reports/contracts/report-contract";
import { METRICS } from "../metrics/definitions";

export const pricesUsedField = group({
  basis: text(),
  symbols: list(text()),
  /** ISO instant of the latest price used; null when no price was needed. */
  asOf: orNull(text()),
  /** True while a price used is today's latest, not yet the day's close. */
  provisional: flag(),
  /** Whether the sync has read the exchange's K-lines yet (they come after the reports), or found none to read. */
  source: oneOf(["synced", "not-yet", "not-available"]),
  notValued: list(group({ coin: text(), commission: money("row", "self"), days: count() })),
});

/**
 * A report's headline of every coin's commission: the total in USDT (null when a day's close is not held), how it was
 * valued, and each coin's native amount beside it. Null where the report holds no commission (and in snapshots made
 * before the report carried it).
 */
export const allCoinsField = groupOrNull(
  group({
    commission: orNull(money("USDT", "self")),
    prices: pricesUsedField,
    coins: list(group({ coin: text(), commission: money("row", "self") })),
  }),
);

/** The audit of every USDT value of a report: each day's amount of each coin other than USDT, the close used and its value. */
export const valuationTable = () =>
  table("How each coin was valued", {
    day: column("Day (UTC)", day()),
    coin: column("Coin", text()),
    commission: metricColumn(METRICS.commission, money("row")),
    pair: column("Price pair", text()),
    close: column("Close used (USDT)", text()),
    priceTime: column("Price at (UTC)", text()),
    basis: column("Price basis", text()),
    usdt: column("Value (≈ USDT)", money("USDT")),
  });
