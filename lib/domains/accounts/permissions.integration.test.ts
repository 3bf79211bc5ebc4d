import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { actionError } from "@/lib/core/forms/action-result";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser } from "@/tests/factories";
import { assertCan, can, canViewUserDetail, passesGlobalBefore, PERMISSIONS, type Permission, type StaffUser } from "./permissions";

const ALL = [...PERMISSIONS];
const gone = new Date("2026-01-01T00:00:00Z");

// Every kind of staff row × every permission, and the table it must produce (spec 5.11).
// `before` = passesGlobalBefore, `detail` = canViewUserDetail.
const STAFF: {
  label: string;
  row: Partial<Prisma.UserUncheckedCreateInput>;
  permissions: Permission[];
  before: boolean;
  detail: boolean;
}[] = [
  {
    label: "customer listing every permission",
    row: { staffRole: "user", permissions: ALL },
    permissions: [],
    before: false,
    detail: false,
  },
  { label: "admin without permissions", row: { staffRole: "admin", permissions: [] }, permissions: [], before: false, detail: false },
  {
    label: "admin billing:manage",
    row: { staffRole: "admin", permissions: ["billing:manage"] },
    permissions: ["billing:manage"],
    before: false,
    detail: false,
  },
  {
    label: "admin companies:write",
    row: { staffRole: "admin", permissions: ["companies:write"] },
    permissions: ["companies:write"],
    before: false,
    detail: false,
  },
  {
    label: "admin users:manage",
    row: { staffRole: "admin", permissions: ["users:manage"] },
    permissions: ["users:manage"],
    before: false,
    detail: true,
  },
  {
    label: "admin press-releases:publish",
    row: { staffRole: "admin", permissions: ["press-releases:publish"] },
    permissions: ["press-releases:publish"],
    before: false,
    detail: false,
  },
  {
    label: "admin compliance:manage",
    row: { staffRole: "admin", permissions: ["compliance:manage"] },
    permissions: ["compliance:manage"],
    before: false,
    detail: false,
  },
  {
    label: "admin with an unknown permission",
    row: { staffRole: "admin", permissions: ["everything:*"] },
    permissions: [],
    before: false,
    detail: false,
  },
  { label: "admin with all permissions", row: { staffRole: "admin", permissions: ALL }, permissions: ALL, before: false, detail: true },
  {
    label: "inactive admin with all permissions",
    row: { staffRole: "admin", permissions: ALL, isActive: false },
    permissions: [],
    before: false,
    detail: false,
  },
  {
    label: "deleted admin with all permissions",
    row: { staffRole: "admin", permissions: ALL, deletedAt: gone },
    permissions: [],
    before: false,
    detail: false,
  },
  { label: "active super-admin", row: { staffRole: "super_admin" }, permissions: ALL, before: true, detail: true },
  { label: "inactive super-admin", row: { staffRole: "super_admin", isActive: false }, permissions: [], before: false, detail: false },
  { label: "deleted super-admin", row: { staffRole: "super_admin", deletedAt: gone }, permissions: [], before: false, detail: false },
];

const stored = (id: number): Promise<StaffUser> =>
  db.user.findUniqueOrThrow({ where: { id }, select: { isActive: true, deletedAt: true, staffRole: true, permissions: true } });

describe("the staff permission matrix", () => {
  it("gives every staff row exactly the expected permissions, global before and user detail", async () => {
    const users = await Promise.all(STAFF.map(async (s) => ({ label: s.label, user: await seedUser(s.row) })));
    const actual: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [i, { label, user }] of users.entries()) {
      const row = await stored(user.id);
      const viaAssert: Permission[] = [];
      for (const p of PERMISSIONS) {
        const ok = await assertCan(user.id, p).then(
          () => true,
          (err: { code?: string }) => (err.code === "forbidden" ? false : Promise.reject(err)),
        );
        if (ok) viaAssert.push(p);
      }
      actual[label] = {
        can: PERMISSIONS.filter((p) => can(row, p)),
        assertCan: viaAssert,
        before: passesGlobalBefore(row),
        detail: canViewUserDetail(row),
      };
      const s = STAFF[i]!;
      expected[label] = { can: s.permissions, assertCan: s.permissions, before: s.before, detail: s.detail };
    }
    expect(actual).toEqual(expected);
    expect(Object.keys(actual)).toHaveLength(14);
  });

  it("refuses with the forbidden error, which an admin action shows as a message, not a 500", async () => {
    await expect(assertCan(2_000_000_000, "users:manage")).rejects.toMatchObject({ code: "forbidden", status: 403 });
    const admin = await seedUser({ staffRole: "admin", permissions: ["press-releases:publish"] });
    const err = await assertCan(admin.id, "billing:manage").catch((e: unknown) => e);
    expect(actionError(err)).toEqual({ ok: false, code: "forbidden", message: "Dafür fehlt Ihnen die Berechtigung." });
  });
});

describe("authorizing again inside the action", () => {
  it("reads the stored row: a permission revoked after the page was rendered no longer passes", async () => {
    const admin = await seedUser({ staffRole: "admin", permissions: ["billing:manage"] });
    const snapshot = await stored(admin.id);
    await db.user.update({ where: { id: admin.id }, data: { permissions: [] } });
    expect(can(snapshot, "billing:manage")).toBe(true);
    await expect(assertCan(admin.id, "billing:manage")).rejects.toMatchObject({ code: "forbidden" });
    await expect(db.$transaction((tx) => assertCan(admin.id, "billing:manage", tx))).rejects.toMatchObject({ code: "forbidden" });
  });

  it("holds a concurrent revocation back until the authorized action has committed", async () => {
    const admin = await seedUser({ staffRole: "admin", permissions: ["billing:manage"] });
    const order: string[] = [];
    let authorized!: () => void;
    const lockHeld = new Promise<void>((resolve) => (authorized = resolve));
    const action = db.$transaction(async (tx) => {
      await assertCan(admin.id, "billing:manage", tx);
      authorized();
      await new Promise((r) => setTimeout(r, 300));
      order.push("action committed");
    });
    const revoke = lockHeld.then(async () => {
      await db.user.update({ where: { id: admin.id }, data: { permissions: [] } });
      order.push("revoked");
    });
    await Promise.all([action, revoke]);
    expect(order).toEqual(["action committed", "revoked"]);
    await expect(assertCan(admin.id, "billing:manage")).rejects.toMatchObject({ code: "forbidden" });
  });
});
