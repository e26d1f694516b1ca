// Roles and the access rules every enforcement point shares (pages, server
// actions, route handlers, the signed proxy). Pure: no I/O, safe anywhere.

/** Roles ordered weakest first: each role has every right of the roles before it. */
export const ROLES = ["viewer", "analyst", "trader", "admin"] as const;

export type Role = (typeof ROLES)[number];

/** Endpoint categories of the V3 interface (see lib/weex/endpoints), plus `public` market data. */
export type EndpointCategory = "public" | "USER_DATA" | "TRADE" | "AFFILIATE";

/** What each role is for, for settings screens and docs. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  viewer: "Read only: dashboards, markets, account data",
  analyst: "Viewer, plus affiliate reports, share links and exports",
  trader: "Analyst, plus placing and cancelling orders",
  admin: "Everything, plus users and exchange connections",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Rank of a role: 0 for viewer up to 3 for admin. */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** True when `userRole` is `minimum` or stronger. Unknown roles never pass. */
export function hasRole(userRole: Role | string | null | undefined, minimum: Role): boolean {
  if (!isRole(userRole)) return false;
  return roleRank(userRole) >= roleRank(minimum);
}

/** Weakest role allowed to call an endpoint of a category. */
export function minimumRoleForCategory(category: EndpointCategory): Role {
  switch (category) {
    case "public":
    case "USER_DATA":
      return "viewer";
    case "AFFILIATE":
      return "analyst";
    case "TRADE":
      return "trader";
  }
}
