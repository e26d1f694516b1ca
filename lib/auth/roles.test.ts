import { describe, expect, it } from "vitest";
import { hasRole, isRole, minimumRoleForCategory, ROLES, roleRank } from "./roles";

describe("roles", () => {
  it("are ordered viewer < analyst < trader < admin", () => {
    expect(ROLES).toEqual(["viewer", "analyst", "trader", "admin"]);
    expect(roleRank("viewer")).toBeLessThan(roleRank("analyst"));
    expect(roleRank("analyst")).toBeLessThan(roleRank("trader"));
    expect(roleRank("trader")).toBeLessThan(roleRank("admin"));
  });

  it("hasRole: a role passes for itself and every weaker minimum only", () => {
    for (const user of ROLES) {
      for (const minimum of ROLES) {
        expect(hasRole(user, minimum), `${user} >= ${minimum}`).toBe(ROLES.indexOf(user) >= ROLES.indexOf(minimum));
      }
    }
  });

  it("hasRole fails closed for unknown or missing roles", () => {
    for (const bad of ["", "root", "Admin", null, undefined]) {
      expect(hasRole(bad, "viewer")).toBe(false);
      expect(isRole(bad)).toBe(false);
    }
  });

  it("maps endpoint categories to the weakest allowed role", () => {
    expect(minimumRoleForCategory("public")).toBe("viewer");
    expect(minimumRoleForCategory("USER_DATA")).toBe("viewer");
    expect(minimumRoleForCategory("AFFILIATE")).toBe("analyst");
    expect(minimumRoleForCategory("TRADE")).toBe("trader");
    expect(hasRole("analyst", minimumRoleForCategory("TRADE"))).toBe(false);
    expect(hasRole("trader", minimumRoleForCategory("AFFILIATE"))).toBe(true);
  });
});
