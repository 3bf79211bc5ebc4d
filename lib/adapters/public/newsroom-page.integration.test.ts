import { HtmlValidate } from "html-validate";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NewsroomBox } from "@/components/portal/newsroom-box";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease } from "@/tests/factories";
import { cachedReleasePage } from "./cached-reads";
import { newsroomPageData } from "./newsroom-page";
import { visitReaderPage } from "@/tests/reader-pages";

const HOUR = 3_600_000;
const live = (companyId: number) =>
  seedRelease({ companyId, status: "published", publishedAt: new Date(Date.now() - HOUR), publishedEverAt: new Date(Date.now() - HOUR) });
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: { "attribute-boolean-style": "off", "no-redundant-role": "off", "attr-case": "off", "void-style": "off" },
});
// A whole page as the route sends it, or a component's fragment put into a page.
const document = (body: string, lang: string) =>
  body.startsWith("<!DOCTYPE")
    ? body
    : `<!DOCTYPE html><html lang="${lang}"><head><title>Newsroom</title></head><body>${body}</body></html>`;
const problems = async (html: string, lang: string) =>
  (await validator.validateString(document(html, lang))).results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));

async function profiled() {
  const company = await seedCompany({
    name: "Nordwind <Energie> GmbH",
    descriptionDe: "Strom aus Wind.",
    descriptionEn: "Power from wind.",
    website: "https://nordwind.example/",
    logoPath: "logos/nordwind.webp",
    addressStreet: "Hafenstraße 1",
    addressPostalCode: "20457",
    addressCity: "Hamburg",
    addressCountry: "DE",
  });
  await db.contact.createMany({
    data: [
      {
        companyId: company.id,
        name: "Anna Zander",
        email: "a.zander@nordwind.example",
        role: "Pressesprecherin",
        phone: "+49 40 123 45-6",
      },
      { companyId: company.id, name: "Zoe Berg", email: "presse@nordwind.example", role: "Leitung Kommunikation", isDefault: true },
      { companyId: company.id, name: "Ben Adler", email: "b.adler@nordwind.example" },
    ],
  });
  return company;
}

describe("newsroom page: the profile", () => {
  it("carries logo, description and country by edition, website, address, contacts default first, and Organization JSON-LD", async () => {
    const company = await profiled();
    await live(company.id);
    const de = (await newsroomPageData("business", "de", company.slug))!;
    expect(de.profile).toMatchObject({
      logoUrl: "/media/logos/nordwind.webp",
      description: "Strom aus Wind.",
      website: { href: "https://nordwind.example/", label: "nordwind.example" },
      address: { street: "Hafenstraße 1", postalCode: "20457", city: "Hamburg", countryCode: "DE", country: "Deutschland" },
    });
    expect(de.profile.contacts.map((c) => c.name)).toEqual(["Zoe Berg", "Anna Zander", "Ben Adler"]);
    const en = (await newsroomPageData("business", "en", company.slug))!;
    expect([en.profile.description, en.profile.address?.country]).toEqual(["Power from wind.", "Germany"]);
    expect(de.jsonLd).toMatchObject({
      "@type": "Organization",
      name: "Nordwind <Energie> GmbH",
      url: "https://nordwind.example/",
      logo: expect.stringMatching(/^https?:\/\/business\.[^/]+\/media\/logos\/nordwind\.webp$/),
      address: {
        "@type": "PostalAddress",
        streetAddress: "Hafenstraße 1",
        postalCode: "20457",
        addressLocality: "Hamburg",
        addressCountry: "DE",
      },
      contactPoint: [expect.objectContaining({ name: "Zoe Berg", email: "presse@nordwind.example" }), expect.anything(), expect.anything()],
    });
  });

  it("renders as valid HTML: <address>, mailto and tel links, website rel=nofollow noopener, escaped JSON-LD", async () => {
    const company = await profiled();
    await live(company.id);
    const route = await import("@/app/portal/[portal]/[edition]/newsroom/[slug]/route");
    const { html } = await visitReaderPage(route.GET, { portal: "business", edition: "de", slug: company.slug });
    expect(html).toContain('<a href="https://nordwind.example/" rel="nofollow noopener">nordwind.example</a>');
    expect(html).toMatch(/<address>Nordwind &lt;Energie&gt; GmbH<br\/>Hafenstraße 1<br\/>20457 Hamburg<br\/>Deutschland<\/address>/);
    expect(html).toContain('href="mailto:presse@nordwind.example"');
    expect(html).toContain('<a href="tel:+4940123456">+49\u00a040\u00a0123\u00a045\u20116</a>');
    expect(html.indexOf("Zoe Berg")).toBeLessThan(html.indexOf("Anna Zander"));
    expect(html).toMatch(
      /<img class="newsroom-logo newsroom-logo-large" src="\/media\/logos\/nordwind\.webp" alt="Nordwind &lt;Energie&gt; GmbH" width="96" height="96"/,
    );
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    expect(ld).not.toContain("<");
    expect(JSON.parse(ld).name).toBe("Nordwind <Energie> GmbH");
    expect(await problems(html, "de")).toEqual([]);
    expect(html).toContain('<meta name="description" content="Strom aus Wind."/>');
  });

  it("an empty profile shows no contact section; a website that is not http(s) is never a link", async () => {
    const company = await seedCompany({ website: "javascript:alert(1)" });
    const data = (await newsroomPageData("business", "de", company.slug))!;
    expect(data.profile).toEqual({ logoUrl: null, description: null, website: null, address: null, contacts: [] });
    expect(data.jsonLd).not.toHaveProperty("address");
    expect(data.jsonLd.url).toBe(data.url);
    const route = await import("@/app/portal/[portal]/[edition]/newsroom/[slug]/route");
    const { html } = await visitReaderPage(route.GET, { portal: "business", edition: "de", slug: company.slug });
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain('class="newsroom-contact"');
  });
});

describe("release page: the newsroom box", () => {
  it("comes with the release page, in the edition's words and description, and renders as valid HTML", async () => {
    const company = await profiled();
    const release = await live(company.id);
    const page = (await cachedReleasePage("business", "de", release.slug))!;
    expect(page.newsroom).toEqual({
      name: "Nordwind <Energie> GmbH",
      href: `/de/newsroom/${company.slug}`,
      logoUrl: "/media/logos/nordwind.webp",
      description: "Strom aus Wind.",
      website: { href: "https://nordwind.example/", label: "nordwind.example" },
    });
    const html = renderToStaticMarkup(NewsroomBox({ newsroom: page.newsroom!, edition: "en" }));
    expect(html).toContain("About the newsroom");
    expect(html).toContain(`<a href="/de/newsroom/${company.slug}">Nordwind &lt;Energie&gt; GmbH</a>`);
    expect(html).toContain('rel="nofollow noopener"');
    expect(html).toContain('loading="lazy"');
    expect(await problems(html, "en")).toEqual([]);
  });
});
