import type { Metadata } from "next";
import { AdminListSearch } from "@/components/admin/company-user-search";
import { ListPager } from "@/components/admin/release-pager";
import { UserTable } from "@/components/admin/user-tables";
import { PageHeader } from "@/components/ui/page-header";
import { listHref, type SearchParams } from "@/lib/adapters/admin/list-query";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { parseAdminUserQuery, searchAdminUsers } from "@/lib/adapters/admin/user-search";
import { requireAdmin } from "@/lib/domains/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Benutzer" };

export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin(ADMIN_SCREENS.users.permission);
  const query = parseAdminUserQuery(await searchParams);
  const found = await searchAdminUsers(query);
  return (
    <>
      <PageHeader title="Benutzer" description="Alle Konten: Kundinnen und Kunden, Admins und Super-Admins, die neuesten zuerst." />
      <AdminListSearch
        path="/admin/users"
        id="users-q"
        q={query.q}
        label="E-Mail-Adresse, Name oder Nummer"
        found={{ total: found.total, one: "Konto", many: "Konten" }}
      />
      {found.rows.length ? <UserTable rows={found.rows} /> : <p className="empty">Kein Konto passt zu dieser Suche.</p>}
      <ListPager
        page={query.page}
        pageCount={found.pageCount}
        href={(page) => listHref("/admin/users", { q: query.q }, page)}
        label="Seiten der Kontenliste"
      />
    </>
  );
}
