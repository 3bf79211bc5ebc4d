import { db, type DbOrTx } from "@/lib/db/client";
import { forbidden } from "@/lib/http/errors";

export const PERMISSIONS = ["billing:manage", "companies:write", "users:manage", "press-releases:publish", "compliance:manage"] as const;
export type Permission = (typeof PERMISSIONS)[number];

interface StaffUser {
  isActive: boolean;
  deletedAt: Date | null;
  staffRole: "user" | "admin" | "super_admin";
  permissions: string[];
}

/** Only an active super-admin passes every check (spec 5.11: `Gate::before`); everyone else needs the named permission. */
export function can(user: StaffUser, permission: Permission): boolean {
  if (!user.isActive || user.deletedAt) return false;
  if (user.staffRole === "super_admin") return true;
  return user.staffRole === "admin" && user.permissions.includes(permission);
}

/** Authorizes inside the action, from the stored user, never from what a caller claims. */
export async function assertCan(userId: number, permission: Permission, client: DbOrTx = db): Promise<void> {
  const user = await client.user.findUnique({ where: { id: userId }, select: { isActive: true, deletedAt: true, staffRole: true, permissions: true } });
  if (!user || !can(user, permission)) throw forbidden(`This needs the permission ${permission}.`);
}

