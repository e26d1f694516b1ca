/** The order of the Invite codes table (sorted on the server, so the CSV has the page's order). Pure. */
import Decimal from "decimal.js";
import { isSmallSample, sortsByRate, type InviteCodeQuery, type InviteCodeRow } from "./contract";

type Sortable = Pick<InviteCodeRow, "inviteCode" | "signups" | InviteCodeQuery["sort"]>;

/**
 * The order of the table: the sort column, nulls last, then the code. Sorted by a rate, codes with a small sample
 * (isSmallSample) come after the others in either direction, so a code with 1 sign-up at 100 % does not lead.
 */
export function compareRows(sort: InviteCodeQuery["sort"], dir: InviteCodeQuery["dir"]): (a: Sortable, b: Sortable) => number {
  const sign = dir === "asc" ? 1 : -1;
  return (a, b) => {
    if (sortsByRate(sort) && isSmallSample(a.signups) !== isSmallSample(b.signups)) return isSmallSample(a.signups) ? 1 : -1;
    let c = 0;
    if (sort === "inviteCode") c = a.inviteCode < b.inviteCode ? -1 : a.inviteCode > b.inviteCode ? 1 : 0;
    else {
      const x = a[sort];
      const y = b[sort];
      if (x === null || y === null) return x === y ? (a.inviteCode < b.inviteCode ? -1 : 1) : x === null ? 1 : -1;
      c = new Decimal(x).comparedTo(y);
    }
    return c * sign || (a.inviteCode < b.inviteCode ? -1 : a.inviteCode > b.inviteCode ? 1 : 0);
  };
}

