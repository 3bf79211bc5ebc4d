import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HtmlValidate } from "html-validate";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReleaseArticle } from "@/components/portal/release-article";
import { db } from "@/lib/core/db/client";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { categoryArchive, categoryLanding } from "./category-archive";
import { seedPublicImage } from "@/tests/public-image-fixtures";
import { newsroomPageData } from "./newsroom-page";
import { releasePageData } from "./release-page";
import { releaseMetadata } from "./release-route";
import { visitReaderPage } from "@/tests/reader-pages";
import { PICTURE_SIZES } from "@/components/portal/release-picture";

const HOUR = 3_600_000;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pd-public-images-"));
  setLimits({ STORAGE_DIR: storageDir });
});
afterAll(async () => {
  setLimits({ STORAGE_DIR: undefined });
  await rm(storageDir, { recursive: true, force: true });
});

const live = (companyId: number, data: Record<string, unknown> = {}) =>
  seedRelease({
    companyId,
    status: "published",
    publishedAt: new Date(Date.now() - HOUR),
    publishedEverAt: new Date(Date.now() - HOUR),
    ...data,
  });
const origin = () => siteOrigin("business", getSiteHosts());
const media = (key: string) => `/media/${key}`;

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "attribute-boolean-style": "off",
    "no-redundant-role": "off",
    "attr-case": "off",
    "void-style": "off",
    "no-inline-style": "off",
  },
});
const problems = async (html: string) =>
  (
    await validator.validateString(
      `<!DOCTYPE html><html lang="de"><head><title>Seite</title></head><body><main>${html}</main></body></html>`,
    )
  ).results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));

describe("release page images", () => {
  it("the cover as a hero picture under the title, other deliverable images as a gallery after the text, each with its credit", async () => {
    const company = await seedCompany();
    const r = await live(company.id);
    const cover = await seedPublicImage(r.id, { isCover: true, position: 2, portalLabel: "KI-generiert" });
    const second = await seedPublicImage(r.id, { position: 0, alt: null, customerStatement: "© Archiv Nord" });
    await seedPublicImage(r.id, { position: 1, withheldAt: new Date(), alt: "Zurückgehalten" });
    await seedPublicImage(r.id, { position: 3, deletedAt: new Date(), alt: "Entfernt" });

    const data = (await releasePageData("business", "de", r.slug))!;
    const byFormat = (format: string) => cover.variants.filter((v) => v.format === format);
    expect(data.pictures.cover).toEqual({
      id: cover.id,
      alt: "Windräder an der Küste",
      credit: "© Foto AG · KI-generiert",
      width: 960,
      height: 640,
      sources: [
        {
          type: "image/avif",
          srcSet: byFormat("avif")
            .map((v) => `${media(v.key)} ${v.width}w`)
            .join(", "),
        },
        {
          type: "image/webp",
          srcSet: byFormat("webp")
            .map((v) => `${media(v.key)} ${v.width}w`)
            .join(", "),
        },
      ],
      src: media(cover.displayPath),
      srcSet: byFormat("jpeg")
        .map((v) => `${media(v.key)} ${v.width}w`)
        .join(", "),
      frame: null,
    });
    expect(data.pictures.gallery.map((p) => [p.id, p.alt, p.credit])).toEqual([[second.id, "", "© Archiv Nord"]]);
    expect(data.ogImage).toEqual({
      url: `${origin()}${media(cover.ogVariantPath)}`,
      width: 1200,
      height: 630,
      alt: "Windräder an der Küste",
    });
    expect(data.jsonLd.image).toEqual([`${origin()}${media(cover.ogVariantPath)}`, `${origin()}${media(cover.displayPath)}`]);

    const html = renderToStaticMarkup(createElement(ReleaseArticle, { data, edition: "de" }) as ReactElement);
    const hero = html.indexOf('<figure class="release-figure release-hero">');
    expect(hero).toBeGreaterThan(html.indexOf("</h1>"));
    expect(hero).toBeLessThan(html.indexOf('class="release-body"'));
    expect(html.indexOf('<section class="release-gallery" aria-label="Bilder zur Pressemitteilung">')).toBeGreaterThan(
      html.indexOf('class="release-body"'),
    );
    expect(html).toContain(
      `<source type="image/avif" srcSet="${data.pictures.cover!.sources[0]!.srcSet}" sizes="(max-width: 48rem) 100vw, 46rem"/>`,
    );
    // The cover loads first and eagerly; gallery images lazily; every box is sized.
    expect(html).toMatch(
      /<img src="[^"]+" srcSet="[^"]+" sizes="[^"]+" width="960" height="640" alt="Windräder an der Küste" fetchPriority="high"\/>/,
    );
    expect(html).toMatch(
      /<img src="[^"]+" srcSet="[^"]+" sizes="[^"]+" width="960" height="640" alt="" loading="lazy" decoding="async"\/>/,
    );
    expect(html).toContain("<figcaption>© Foto AG · KI-generiert</figcaption>");
    expect(html).toContain("<figcaption>© Archiv Nord</figcaption>");
    expect(html).not.toMatch(/Zurückgehalten|Entfernt|evidence\//);
    expect(await problems(html)).toEqual([]);
  });

  it("og:image and twitter:image are the cover's og variant, absolute, 1200×630 with its alt; none without one", async () => {
    const company = await seedCompany();
    const r = await live(company.id);
    const cover = await seedPublicImage(r.id, { isCover: true });
    const metadataOf = async (slug: string) => releaseMetadata((await releasePageData("business", "de", slug))!, "business", "de");
    const meta = await metadataOf(r.slug);
    const og = { url: `${origin()}${media(cover.ogVariantPath)}`, width: 1200, height: 630, alt: "Windräder an der Küste" };
    expect(meta.openGraph).toMatchObject({ images: [og] });
    expect(meta.twitter).toMatchObject({ card: "summary_large_image", images: [og] });

    // No image; an image but no cover; a cover without og variant; a withheld cover.
    const plain = await live(company.id);
    const noCover = await live(company.id);
    await seedPublicImage(noCover.id);
    const noOg = await live(company.id);
    await seedPublicImage(noOg.id, { isCover: true, ogVariantPath: null });
    const withheld = await live(company.id);
    await seedPublicImage(withheld.id, { isCover: true, withheldAt: new Date() });
    for (const slug of [plain.slug, noCover.slug, noOg.slug, withheld.slug]) {
      const m = await metadataOf(slug);
      expect(m.openGraph && "images" in m.openGraph).toBe(false);
      expect(m.twitter).toBeUndefined();
    }
    const plainData = (await releasePageData("business", "de", plain.slug))!;
    expect([plainData.ogImage, plainData.pictures, "image" in plainData.jsonLd]).toEqual([null, { cover: null, gallery: [] }, false]);
    expect(renderToStaticMarkup(createElement(ReleaseArticle, { data: plainData, edition: "de" }) as ReactElement)).not.toContain(
      "<picture",
    );
    // The hero stays without an og variant; JSON-LD then names only the display file.
    const noOgData = (await releasePageData("business", "de", noOg.slug))!;
    expect(noOgData.pictures.cover).not.toBeNull();
    expect(noOgData.jsonLd.image).toHaveLength(1);
    expect((await releasePageData("business", "de", withheld.slug))!.pictures).toEqual({ cover: null, gallery: [] });
  });
});

describe("list thumbnails", () => {
  it("category page, archive and newsroom page carry the deliverable cover's AVIF and WebP up to 960 px and smallest JPEG; releases without one stay plain", async () => {
    const company = await seedCompany({ name: "Bilder GmbH" });
    const category = await db.category.create({ data: { portal: "business", slug: unique("cat"), nameDe: "Energie", nameEn: "Energy" } });
    const at = (min: number) => ({ categoryId: category.id, publishedAt: new Date(Date.now() - min * 60_000) });
    const withCover = await live(company.id, at(10));
    const cover = await seedPublicImage(withCover.id, { isCover: true, portalLabel: "KI-bearbeitet" });
    const plain = await live(company.id, at(20));
    const notCover = await live(company.id, at(30));
    await seedPublicImage(notCover.id);
    const adminUnconfirmed = await live(company.id, at(40));
    await seedPublicImage(adminUnconfirmed.id, { isCover: true, uploadedByAdmin: true });

    const smallest = (format: string) => cover.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width)[0]!;
    const upTo960 = (format: string) =>
      cover.variants
        .filter((v) => v.format === format && v.width <= 960)
        .sort((a, b) => a.width - b.width)
        .map((v) => `${media(v.key)} ${v.width}w`)
        .join(", ");
    const thumb = {
      id: cover.id,
      alt: "Windräder an der Küste",
      credit: "© Foto AG · KI-bearbeitet",
      width: 480,
      height: 320,
      sources: [
        { type: "image/avif", srcSet: upTo960("avif") },
        { type: "image/webp", srcSet: upTo960("webp") },
      ],
      src: media(smallest("jpeg").key),
      srcSet: upTo960("jpeg"),
      // A 3:2 picture fills the 3:2 frame whole.
      frame: { fit: "cover", position: "50% 50%" },
    };
    const year = new Date().getFullYear();
    const lists = [
      (await categoryLanding("business", "de", category.slug))!.releases,
      (await categoryArchive("business", "de", category.slug, year, 1))!.releases,
      (await newsroomPageData("business", "de", company.slug))!.releases,
    ];
    for (const list of lists) {
      expect(list.map((item) => [item.id, item.cover])).toEqual([
        [withCover.id, thumb],
        [plain.id, null],
        [notCover.id, null],
        [adminUnconfirmed.id, null],
      ]);
    }

    const route = await import("@/app/portal/[portal]/[edition]/newsroom/[slug]/route");
    const { html } = await visitReaderPage(route.GET, { portal: "business", edition: "de", slug: company.slug });
    expect(html.match(/class="release-card has-cover"/g)).toHaveLength(1);
    expect(html.match(/class="release-card"/g)).toHaveLength(3);
    expect(html).toContain(`<source type="image/webp" srcSet="${upTo960("webp")}" sizes="${PICTURE_SIZES.card}"/>`);
    expect(html).toContain("<figcaption>© Foto AG · KI-bearbeitet</figcaption>");
    // The thumbnail comes after the heading, so the heading leads each entry.
    const card = html.slice(html.indexOf("release-card has-cover"));
    expect(card.indexOf("<h3>")).toBeLessThan(card.indexOf("<picture>"));
  });

  it("frame each thumbnail by its image's crop control: around the focus point, or letterboxed with no_crop (spec 2.4)", async () => {
    const company = await seedCompany({ name: "Panorama GmbH" });
    // Three times as wide as high: the 3:2 frame shows a third less of it, and where is the focus point's choice.
    const right = await live(company.id, { publishedAt: new Date(Date.now() - 10 * 60_000) });
    const rightImage = await seedPublicImage(right.id, { isCover: true, width: 1920, height: 640, focusX: 0.95, focusY: 0.5 });
    const left = await live(company.id, { publishedAt: new Date(Date.now() - 20 * 60_000) });
    const leftImage = await seedPublicImage(left.id, { isCover: true, width: 1920, height: 640, focusX: 0.1, focusY: 0.5 });
    const whole = await live(company.id, { publishedAt: new Date(Date.now() - 30 * 60_000) });
    const wholeImage = await seedPublicImage(whole.id, {
      isCover: true,
      width: 1920,
      height: 640,
      focusX: 0.95,
      focusY: 0.5,
      noCrop: true,
    });

    const data = (await newsroomPageData("business", "de", company.slug))!;
    expect(data.releases.map((r) => [r.id, r.cover?.frame])).toEqual([
      [right.id, { fit: "cover", position: "100% 50%" }],
      [left.id, { fit: "cover", position: "0% 50%" }],
      [whole.id, { fit: "contain", position: "50% 50%" }],
    ]);
    const route = await import("@/app/portal/[portal]/[edition]/newsroom/[slug]/route");
    const { html } = await visitReaderPage(route.GET, { portal: "business", edition: "de", slug: company.slug });
    const imgOf = (image: { variants: { key: string; format: string; width: number }[] }) => {
      const key = image.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width)[0]!.key;
      return /<img [^>]*>/.exec(html.slice(html.indexOf(`<img src="${media(key)}"`)))![0];
    };
    expect(imgOf(rightImage)).toContain('style="object-fit:cover;object-position:100% 50%"');
    expect(imgOf(leftImage)).toContain('style="object-fit:cover;object-position:0% 50%"');
    expect(imgOf(wholeImage)).toContain('style="object-fit:contain;object-position:50% 50%"');
    const list = html.slice(html.indexOf('<ul class="release-list"'));
    expect(await problems(list.slice(0, list.indexOf("</ul>") + 5))).toEqual([]);
  });
});
