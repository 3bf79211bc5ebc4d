import { db, isTransaction, type DbOrTx } from "@/lib/core/db/client";
import { forbidden } from "@/lib/core/errors/errors";

// Staff permissions of spec 5.11. Admins hold named permissions (users.permissions); an active
// super-admin holds them all through the global "before" check. Company-level abilities of
// customers live in ./abilities.

export const PERMISSIONS = ["billing:manage", "companies:write", "users:manage", "press-releases:publish", "compliance:manage"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets staff do, as the admin area names it. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "billing:manage": "Zahlungen und Rechnungen",
  "companies:write": "Newsrooms bearbeiten",
  "users:manage": "Konten und Systemstatus",
  "press-releases:publish": "Pressemitteilungen prüfen und entscheiden",
  "compliance:manage": "Rechtliche Anliegen und Nachweise",
};

export type StaffRole = "user" | "admin" | "super_admin";

/** What a permission check reads from a user row (or from the session user). */
export interface StaffUser {
  isActive: boolean;
  deletedAt: Date | null;
  staffRole: StaffRole;
  permissions: string[];
}

const STAFF_USER_SELECT = { isActive: true, deletedAt: true, staffRole: true, permissions: true } as const;

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** An account that may act at all: active and not soft-deleted. */
export function isActiveAccount(user: Pick<StaffUser, "isActive" | "deletedAt">): boolean {
  return user.isActive && !user.deletedAt;
}

/**
 * The global `before` check (spec 5.11: `Gate::before` and the release and company policies'
 * `before()`): only an active super-admin passes. A deactivated or deleted super-admin is an
 * ordinary nobody, and an admin never passes it, whatever permissions the row lists. It counts
 * in the admin area's checks (behind the strong confirmation), never in the customer area's
 * company abilities (./abilities/matrix.ts).
 */
export function passesGlobalBefore(user: StaffUser): boolean {
  return isActiveAccount(user) && user.staffRole === "super_admin";
}

/** An active super-admin passes every check; an active admin needs the named permission; everyone else nothing. */
export function can(user: StaffUser, permission: Permission): boolean {
  if (passesGlobalBefore(user)) return true;
  return isActiveAccount(user) && user.staffRole === "admin" && user.permissions.includes(permission);
}

/** The user detail route of the admin area (spec 5.11) needs `users:manage`. */
export function canViewUserDetail(user: StaffUser): boolean {
  return can(user, "users:manage");
}

/**
 * Authorizes inside the action, from the stored user, never from what a caller claims or what
 * the page saw when it rendered (spec 5.11: credit grants authorize again inside the action).
 * Inside a transaction the user row is read FOR SHARE: a concurrent revocation of the
 * permission either committed before (and is seen here) or waits until this action commits.
 */
export async function assertCan(userId: number, permission: Permission, client: DbOrTx = db): Promise<void> {
  const user = isTransaction(client)
    ? await lockedStaffUser(client, userId)
    : await client.user.findUnique({ where: { id: userId }, select: STAFF_USER_SELECT });
  if (!user || !can(user, permission)) throw forbidden(`This needs the permission ${permission}.`);
}

async function lockedStaffUser(client: DbOrTx, userId: number): Promise<StaffUser | null> {
  const rows = await client.$queryRaw<{ is_active: boolean; deleted_at: Date | null; staff_role: StaffRole; permissions: string[] }[]>`
    SELECT is_active, deleted_at, staff_role::text AS staff_role, permissions FROM users WHERE id = ${userId} FOR SHARE`;
  const row = rows[0];
  return row ? { isActive: row.is_active, deletedAt: row.deleted_at, staffRole: row.staff_role, permissions: row.permissions } : null;
}
