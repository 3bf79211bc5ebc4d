import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseRecordId } from "@/lib/core/input/ids";
import { pageParam, searchWords, type SearchParams } from "./list-query";

// /admin/companies: newsrooms by name, slug, company e-mail or number. Without words the
// newest come first; with words, by name. Removed (soft-deleted) newsrooms are not listed.

export const ADMIN_COMPANIES_PAGE_SIZE = 50;

export interface AdminCompanyQuery {
  q: string;
  page: number;
}

export function parseAdminCompanyQuery(params: SearchParams): AdminCompanyQuery {
  return { q: searchWords(params), page: pageParam(params) };
}

function companyWhere(q: string): Prisma.CompanyWhereInput {
  if (!q) return { deletedAt: null };
  const id = parseRecordId(q);
  const words: Prisma.CompanyWhereInput[] = [
    { name: { contains: q, mode: "insensitive" } },
    { slug: { contains: q.toLowerCase() } },
    { email: { contains: q, mode: "insensitive" } },
  ];
  return { deletedAt: null, OR: id !== null ? [{ id }, ...words] : words };
}

export async function searchAdminCompanies(query: AdminCompanyQuery) {
  const where = companyWhere(query.q);
  const [rows, total] = await Promise.all([
    db.company.findMany({
      where,
      orderBy: query.q ? [{ name: "asc" }, { id: "asc" }] : [{ id: "desc" }],
      skip: (query.page - 1) * ADMIN_COMPANIES_PAGE_SIZE,
      take: ADMIN_COMPANIES_PAGE_SIZE,
      select: {
        id: true,
        name: true,
        slug: true,
        portal: true,
        email: true,
        isActive: true,
        goneAt: true,
        mergedIntoCompanyId: true,
        createdAt: true,
        _count: { select: { members: true } },
      },
    }),
    db.company.count({ where }),
  ]);
  return { rows, total, pageCount: Math.max(1, Math.ceil(total / ADMIN_COMPANIES_PAGE_SIZE)) };
}
export type AdminCompanyRow = Awaited<ReturnType<typeof searchAdminCompanies>>["rows"][number];
