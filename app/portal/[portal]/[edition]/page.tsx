import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReleaseList } from "@/components/portal/release-list";
import { BoostedReleases } from "@/components/portal/boosted-releases";
import { PortalFrame } from "@/components/portal/portal-frame";
import { cachedPortalHome } from "@/lib/adapters/public/cached-reads";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { editionAlternates, feedPath, getSiteHosts, isEdition, isPortal, PORTAL_TAGLINES, SITE_NAMES } from "@/lib/domains/sites";

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
    alternates: { canonical: alternates[edition], languages: alternates, types: feedAlternates(feedPath(edition)) },
  };
}

export default async function PortalHome({ params }: { params: Params }) {
  const { portal, edition } = await params;
  if (!isPortal(portal) || !isEdition(edition)) notFound();
  const { releases, boosted } = await cachedPortalHome(portal, edition);
  return (
    <PortalFrame portal={portal} edition={edition}>
      <h1>{HEADINGS[edition]}</h1>
      <BoostedReleases items={boosted} edition={edition} />
      <ReleaseList items={releases} edition={edition} />
    </PortalFrame>
  );
}
