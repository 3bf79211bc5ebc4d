import { describe, expect, it } from "vitest";
import { PERMISSIONS, type StaffUser } from "@/lib/domains/accounts/permissions";
import { ADMIN_SCREENS, ADMIN_START, adminHomeFor, adminNavFor } from "./admin-screens";

const staff = (over: Partial<StaffUser>): StaffUser => ({ isActive: true, deletedAt: null, staffRole: "admin", permissions: [], ...over });
const hrefs = (user: StaffUser) => adminNavFor(user).flatMap((g) => g.items.map((i) => i.href));

describe("admin screens", () => {
  it("every permission of spec 5.11 guards at least one screen", () => {
    const used = new Set(Object.values(ADMIN_SCREENS).map((s) => s.permission));
    for (const p of PERMISSIONS) expect(used.has(p), p).toBe(true);
  });

  it.each(PERMISSIONS)("an admin holding only %s sees exactly the screens of that permission", (permission) => {
    const expected = Object.values(ADMIN_SCREENS)
      .filter((s) => s.permission === permission)
      .map((s) => s.href);
    expect(hrefs(staff({ permissions: [permission] })).sort()).toEqual(expected.sort());
    // Everyone with a screen starts on the overview of what waits behind the screens they may open.
    expect(adminHomeFor(staff({ permissions: [permission] }))).toBe(ADMIN_START.href);
  });

  it("an active super-admin sees every screen; a deactivated one, a customer and a bare admin see none", () => {
    expect(hrefs(staff({ staffRole: "super_admin" }))).toHaveLength(Object.keys(ADMIN_SCREENS).length);
    expect(hrefs(staff({ staffRole: "super_admin", isActive: false }))).toEqual([]);
    expect(hrefs(staff({ staffRole: "user", permissions: [...PERMISSIONS] }))).toEqual([]);
    expect(adminHomeFor(staff({}))).toBeNull();
  });

  it("a permission string outside spec 5.11 opens nothing", () => {
    expect(hrefs(staff({ permissions: ["admin", "*", "press-releases:*"] }))).toEqual([]);
  });
});
