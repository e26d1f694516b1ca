/**
 * How a report's USDT total of every coin was valued (docs/prices.md), as an answer field: the connection's price
 * basis, the pairs used, the latest price instant (today's still-running candle when the period reaches today) and,
 * per coin, what could not be valued for want of a day's price — never dropped silently. One definition for every
 * report that shows such a total (the Overview's first card, the Commissions headline). Browser-safe.
 */
import { count, flag, group, list, money, oneOf, orNull, text } from "../reports/contracts/fields";

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
