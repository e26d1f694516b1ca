import { describe, expect, it } from "vitest";
import { countByState, orderLinks, readLinkSort, readLinkStateFilter, type OrderableLink } from "./list-order";

type Link = OrderableLink & { id: string };
const links: Link[] = [
  { id: "a", state: "active", createdAt: 100, lastViewedAt: null, viewCount: 0, expiresAt: null },
  { id: "b", state: "paused", createdAt: 300, lastViewedAt: 900, viewCount: 5, expiresAt: 5000 },
  { id: "c", state: "expired", createdAt: 200, lastViewedAt: 950, viewCount: 2, expiresAt: 250 },
  { id: "d", state: "active", createdAt: 400, lastViewedAt: 100, viewCount: 5, expiresAt: 9000 },
  { id: "e", state: "revoked", createdAt: 50, lastViewedAt: null, viewCount: 1, expiresAt: null },
];
const ids = (list: Link[]) => list.map((l) => l.id).join("");

describe("share link list order", () => {
  it("sorts by creation, last view, views and expiry; the unviewed and never-expiring last, ties newest first", () => {
    expect(ids(orderLinks(links, "created", "all"))).toBe("dbcae");
    expect(ids(orderLinks(links, "last-view", "all"))).toBe("cbdae");
    expect(ids(orderLinks(links, "views", "all"))).toBe("dbcea");
    expect(ids(orderLinks(links, "expiry", "all"))).toBe("cbdae");
  });

  it("filters by state and counts each state", () => {
    expect(ids(orderLinks(links, "created", "active"))).toBe("da");
    expect(ids(orderLinks(links, "views", "revoked"))).toBe("e");
    expect(countByState(links)).toEqual({ all: 5, active: 2, paused: 1, expired: 1, revoked: 1 });
  });

  it("reads unknown URL values as the defaults", () => {
    expect(readLinkSort("views")).toBe("views");
    expect(readLinkSort("drop table")).toBe("created");
    expect(readLinkSort(null)).toBe("created");
    expect(readLinkStateFilter("paused")).toBe("paused");
    expect(readLinkStateFilter("deleted")).toBe("all");
  });
});
