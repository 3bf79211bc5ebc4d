import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReleaseList } from "@/components/portal/release-list";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { listPublishedReleases } from "@/lib/releases/list-published";
import { editionAlternates, getSiteHosts, isEdition, isPortal, PORTAL_TAGLINES, SITE_NAMES } from "@/lib/sites";

export const dynamic = "force-dynamic";

type Params = Promise<{ portal: string; edition: string }>;

const HEADINGS = { de: "Aktuelle Pressemitteilungen", en: "Latest press releases" } as const;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { portal, edition } = await params;
  if (!isPortal(portal) || !isEdition(edition)) return {};
  const alternates = editionAlternates(portal, "", getSiteHosts());
  return {
    title: { absolute: `${SITE_NAMES[portal]} – ${PORTAL_TAGLINES[portal][edition]}` },
    description: PORTAL_TAGLINES[portal][edition],
    alternates: { canonical: alternates[edition], languages: alternates },
  };
}

export default async function PortalHome({ params }: { params: Params }) {
  const { portal, edition } = await params;
  if (!isPortal(portal) || !isEdition(edition)) notFound();
  const releases = await listPublishedReleases({ portal, language: edition, limit: 20 });
  return (
    <>
      <SiteHeader
        brand={SITE_NAMES[portal]}
        tagline={PORTAL_TAGLINES[portal][edition]}
        homeHref={`/${edition}`}
        nav={[
          { href: "/de", label: "Deutsch", current: edition === "de", lang: "de" },
          { href: "/en", label: "English", current: edition === "en", lang: "en" },
        ]}
      />
      <main id="main" className="wrap">
        <h1>{HEADINGS[edition]}</h1>
        <ReleaseList items={releases} edition={edition} />
      </main>
      <SiteFooter>
        © {SITE_NAMES[portal]}
      </SiteFooter>
    </>
  );
}
