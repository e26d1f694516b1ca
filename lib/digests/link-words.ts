/**
 * The public link every digest run makes (lib/digests/runner.ts), said in words
 * where the digest is made: anyone holding a mail opens the view without
 * signing in until the link expires, and sees uids and amounts unless the
 * digest masks them. Browser-safe and pure.
 */

/** How long each run's link lives (the share store's expiry choice). */
export const DIGEST_LINK_EXPIRY = "30d" as const;
export const DIGEST_LINK_DAYS = 30;

export function digestLinkNotice(choice: { redactUids: boolean; percentages: boolean }): string {
  const uids = choice.redactUids ? "invitee uids masked (a pseudonym for each)" : "every invitee uid as it is";
  const amounts = choice.percentages ? "percentages instead of amounts" : "every amount (commission, fees, volumes, deposits)";
  return (
    `Each mail carries a public link to this view: anyone who has the mail can open it without signing in for ${DIGEST_LINK_DAYS} days, ` +
    `and it and the attached PDF show ${uids} and ${amounts}.`
  );
}
