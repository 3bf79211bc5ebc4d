import type { Permission } from "@/lib/domains/accounts/permissions";

/**
 * Who may act as a customer (spec 6.1, impersonation): account care, the permission of the user
 * detail page it starts from (spec 5.11). Kept here so that starting and every later request
 * check the same permission (docs/admin.md explains why not super-admins only).
 */
export const IMPERSONATION_PERMISSION: Permission = "users:manage";
