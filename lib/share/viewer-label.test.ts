import { describe, expect, it } from "vitest";
import { maskUidFor } from "./token";
import { sharedHeading, viewerLabel } from "./viewer-label";

describe("a link's label as its viewers read it", () => {
  const link = { id: "link-1", label: "Invitee 3770640658", redactUids: true };

  it("replaces the uid the link is locked to by the link's pseudonym when it masks uids", () => {
    const shown = viewerLabel(link, { uid: "3770640658" });
    expect(shown).toBe(`Invitee ${maskUidFor("link-1")("3770640658")}`);
    expect(shown).not.toContain("3770640658");
    expect(viewerLabel({ ...link, label: "3770640658 and 3770640658 again" }, { uid: "3770640658" })).not.toContain("3770640658");
    expect(viewerLabel({ ...link, label: "Sub 5550001" }, { sub: "5550001" })).not.toContain("5550001");
  });

  it("leaves the label as written when the link shows uids, or is locked to none", () => {
    expect(viewerLabel({ ...link, redactUids: false }, { uid: "3770640658" })).toBe("Invitee 3770640658");
    expect(viewerLabel({ ...link, label: "Commissions" }, {})).toBe("Commissions");
  });

  // Issue 24, defect 6: "Overview: Overview for partner - Nov".
  it("heads the view with the report's title once, whatever the label repeats", () => {
    expect(sharedHeading("Overview", "Overview for partner - Nov")).toBe("Overview for partner - Nov");
    expect(sharedHeading("Overview", "overview for partner")).toBe("overview for partner");
    expect(sharedHeading("Commissions", "For partner - Nov")).toBe("Commissions: For partner - Nov");
    expect(sharedHeading("Sub-affiliate", "Digest: weekly (1–7 Nov)")).toBe("Sub-affiliate: Digest: weekly (1–7 Nov)");
    expect(sharedHeading("Overview", "  ")).toBe("Overview");
  });
});
