import type { Metadata } from "next";
import { CategoryTreeTable } from "@/components/admin/category-tree-table";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { listCategoryTrees } from "@/lib/domains/categories/category-tree";
import { PORTALS, SITE_NAMES } from "@/lib/domains/sites";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Kategorien" };

export default async function AdminCategoriesPage() {
  await requireAdmin(ADMIN_SCREENS.categories.permission);
  const trees = await listCategoryTrees();
  return (
    <>
      <PageHeader
        title="Kategorien"
        description={
          <>
            Die Kategorien beider Portale mit ihren Unterkategorien. Namen, Beschreibungen und der Status lassen sich hier ändern; Slug und
            Platz im Baum bleiben, weil Adressen und Archive an ihnen hängen. Leere Beschreibungen füllt der Befehl{" "}
            <code>categories:seed-descriptions</code>.
          </>
        }
      />
      {PORTALS.map((portal) => (
        <section key={portal} aria-labelledby={`portal-${portal}-heading`}>
          <h2 id={`portal-${portal}-heading`}>{SITE_NAMES[portal]}</h2>
          <CategoryTreeTable roots={trees[portal]} caption={`Kategorien von ${SITE_NAMES[portal]}`} />
        </section>
      ))}
    </>
  );
}
