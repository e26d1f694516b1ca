/**
 * A report's ignored address parameters in words: the filters ignore a bad
 * value (lib/reports/filters.ts records "ignored name=value: reason") and the
 * view shows its default instead, so the notice says which value was set
 * aside, never the schema's own message. Pure, browser-safe.
 */
const NAMES: Readonly<Record<string, string>> = {
  coin: "coin",
  product: "product",
  source: "source",
  uid: "invitee uid",
  sub: "sub-affiliate uid",
  interval: "period length",
  tz: "time zone",
};

export function issueInWords(issue: string): string {
  const ignored = /^ignored (\w+)=(.*?): /.exec(issue);
  if (!ignored) return issue; // the date range words its own notice
  const [, name = "", value = ""] = ignored;
  return `“${value}” is not a ${NAMES[name] ?? name} this report knows: it is left out.`;
}
