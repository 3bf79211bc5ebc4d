import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseRecordId } from "@/lib/core/input/ids";
import { pageParam, searchWords, type SearchParams } from "./list-query";

// /admin/users (spec 5.11: users:manage): accounts by e-mail, name or number; newest first.
// Only the fields the list shows are read: never a hash or a secret.

export const ADMIN_USERS_PAGE_SIZE = 50;

export interface AdminUserQuery {
  q: string;
  page: number;
}

export function parseAdminUserQuery(params: SearchParams): AdminUserQuery {
  return { q: searchWords(params), page: pageParam(params) };
}

function userWhere(q: string): Prisma.UserWhereInput {
  if (!q) return {};
  const id = parseRecordId(q);
  // Addresses are stored lower-cased (docs/data-model.md).
  const words: Prisma.UserWhereInput[] = [{ email: { contains: q.toLowerCase() } }, { name: { contains: q, mode: "insensitive" } }];
  return { OR: id !== null ? [{ id }, ...words] : words };
}

export async function searchAdminUsers(query: AdminUserQuery) {
  const where = userWhere(query.q);
  const [rows, total] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: [{ id: "desc" }],
      skip: (query.page - 1) * ADMIN_USERS_PAGE_SIZE,
      take: ADMIN_USERS_PAGE_SIZE,
      select: {
        id: true,
        email: true,
        name: true,
        staffRole: true,
        isActive: true,
        deletedAt: true,
        emailVerifiedAt: true,
        lastLoginAt: true,
        createdAt: true,
        _count: { select: { memberships: true } },
      },
    }),
    db.user.count({ where }),
  ]);
  return { rows, total, pageCount: Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE)) };
}
export type AdminUserRow = Awaited<ReturnType<typeof searchAdminUsers>>["rows"][number];
