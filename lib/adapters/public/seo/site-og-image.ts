import type { Metadata } from "next";
import { metadataTitle } from "@/lib/adapters/public/reader-pages/metadata-title";
import { configuredSharp } from "@/lib/domains/images/processing/sharp-setup";
import { creditFontPath, escapeMarkup } from "@/lib/domains/images/processing/credit-bar";
import { OG_SIZE } from "@/lib/domains/images/variants";
import { getSiteHosts, PORTAL_TAGLINES, siteOrigin, SITE_NAMES, type Edition, type SiteKey } from "@/lib/domains/sites";

// The Open Graph picture of a site's pages that have none of their own (home, category,
// newsroom, directory, search, the hub's front page): the site's name and line on its colour,
// 1200×630 like a release's og variant. Drawn with sharp once per process.

const COLOURS: Record<SiteKey, [string, string]> = {
  hub: ["#0b5cad", "#083d73"],
  business: ["#0b5cad", "#0d2f57"],
  tech: ["#1d6b5a", "#0f3a47"],
};
const HUB_LINE = "Pressemitteilungen veröffentlichen – geprüft, verbreitet, belegt";

const drawn = new Map<SiteKey, Promise<Buffer>>();

async function textLayer(markup: string, size: number, width: number) {
  const sharp = configuredSharp();
  const { data, info } = await sharp({
    text: { text: markup, font: `DejaVu Sans ${size}`, fontfile: creditFontPath(), rgba: true, dpi: 72, width },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, height: info.height };
}

async function draw(site: SiteKey): Promise<Buffer> {
  const sharp = configuredSharp();
  const { width, height } = OG_SIZE;
  const [from, to] = COLOURS[site];
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width - 140}" cy="120" r="260" fill="#ffffff" fill-opacity="0.06"/><circle cx="${width - 60}" cy="${height - 40}" r="180" fill="#ffffff" fill-opacity="0.05"/><rect x="80" y="${height - 120}" width="120" height="8" rx="4" fill="#f0a500"/></svg>`,
  );
  const line = site === "hub" ? HUB_LINE : PORTAL_TAGLINES[site].de;
  const name = await textLayer(`<span foreground="#ffffff" weight="bold">${escapeMarkup(SITE_NAMES[site])}</span>`, 72, width - 160);
  const tagline = await textLayer(`<span foreground="#dce9f7">${escapeMarkup(line)}</span>`, 34, width - 160);
  return sharp(background)
    .composite([
      { input: name.data, left: 80, top: 200 },
      { input: tagline.data, left: 80, top: 200 + name.height + 28 },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The site's picture as PNG bytes (drawn on first use, then kept). */
export function siteOgImage(site: SiteKey): Promise<Buffer> {
  let picture = drawn.get(site);
  if (!picture) {
    picture = draw(site);
    picture.catch(() => drawn.delete(site));
    drawn.set(site, picture);
  }
  return picture;
}

/** Where a site's picture is served: the same path on every host. */
export const SITE_OG_IMAGE_PATH = "/og.png";

/**
 * A page's metadata with the site's picture as its Open Graph and large-card image, unless the
 * page has a picture of its own (a release with a cover).
 */
export function withSiteImage(metadata: Metadata, site: SiteKey, edition: Edition): Metadata {
  const og = (metadata.openGraph ?? {}) as Record<string, unknown>;
  if (og.images) return metadata;
  const title = metadataTitle(metadata.title);
  const given = metadata.alternates?.canonical;
  const canonical = typeof given === "string" || given instanceof URL ? given : undefined;
  const image = { url: `${siteOrigin(site, getSiteHosts())}${SITE_OG_IMAGE_PATH}`, ...OG_SIZE, alt: SITE_NAMES[site] };
  const description = metadata.description ?? undefined;
  return {
    ...metadata,
    openGraph: {
      type: "website",
      ...(canonical ? { url: canonical } : {}),
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      siteName: SITE_NAMES[site],
      locale: edition === "de" ? "de_DE" : "en_GB",
      ...og,
      images: [image],
    },
    twitter: { card: "summary_large_image", ...(title ? { title } : {}), ...(description ? { description } : {}), images: [image] },
  };
}
