import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CategoryForm } from "@/components/admin/category-form";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { loadCategoryNode } from "@/lib/domains/categories/category-tree";
import { describeCategoryDe, describeCategoryEn } from "@/lib/domains/categories/description-templates";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { categoryPath, EDITIONS, getSiteHosts, siteOrigin, SITE_NAMES } from "@/lib/domains/sites";
import { saveCategory } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Kategorie bearbeiten" };

async function load(rawId: string) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await loadCategoryNode(id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

export default async function AdminCategoryPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin(ADMIN_SCREENS.categories.permission);
  const c = await load((await params).id);
  const origin = siteOrigin(c.portal, getSiteHosts());
  const described = { ...c, children: c.children.filter((x) => x.isActive) };
  return (
    <>
      <PageHeader back={{ href: "/admin/categories", label: "Kategorien" }} title={`Kategorie: ${c.nameDe}`} />
      <section className="panel" aria-labelledby="place-heading">
        <h2 id="place-heading">Platz im Baum</h2>
        <dl className="facts">
          <dt>Portal</dt>
          <dd>{SITE_NAMES[c.portal]}</dd>
          <dt>Slug</dt>
          <dd>
            <code>{c.slug}</code>
          </dd>
          <dt>Übergeordnet</dt>
          <dd>{c.parent ? <Link href={`/admin/categories/${c.parent.id}`}>{c.parent.nameDe}</Link> : "keine (oberste Ebene)"}</dd>
          <dt>Unterkategorien</dt>
          <dd>
            {c.children.length
              ? c.children.map((child) => (
                  <span key={child.id} className="admin-line">
                    <Link href={`/admin/categories/${child.id}`}>{child.nameDe}</Link>
                    {child.isActive ? null : <span className="meta"> (inaktiv)</span>}
                  </span>
                ))
              : "keine"}
          </dd>
          <dt>Öffentliche Seiten</dt>
          <dd>
            {EDITIONS.map((e) => {
              const url = `${origin}${categoryPath(e, c.slug)}`;
              return (
                <span key={e} className="admin-line">
                  <a href={url}>{url}</a>
                </span>
              );
            })}
            {!c.isActive ? <span className="meta">Solange die Kategorie inaktiv ist, sind sie nicht auffindbar.</span> : null}
          </dd>
          <dt>Zuletzt geändert</dt>
          <dd>{formatBerlin(c.updatedAt)}</dd>
        </dl>
      </section>
      <section aria-labelledby="edit-heading">
        <h2 id="edit-heading">Bearbeiten</h2>
        <CategoryForm
          action={saveCategory.bind(null, c.id)}
          initial={{
            nameDe: c.nameDe,
            nameEn: c.nameEn,
            descriptionDe: c.descriptionDe ?? "",
            descriptionEn: c.descriptionEn ?? "",
            isActive: c.isActive,
            updatedAt: c.updatedAt.toISOString(),
          }}
          suggestions={{ descriptionDe: describeCategoryDe(described), descriptionEn: describeCategoryEn(described) }}
        />
      </section>
    </>
  );
}
