import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { setMailDnsResolverForTests } from "@/lib/domains/mail/domain-checks/resolver";
import { fakeMailDns } from "@/tests/fake-mail-dns";
import { setLimits, withLimits } from "@/tests/limits";
import { createNewsroom, NEWSROOMS_PER_DAY } from "./create-newsroom";
import { EMPTY_NEWSROOM_FORM, type NewsroomFormValues } from "./newsroom-fields";
import { deletePressContact, savePressContact, setDefaultPressContact } from "./press-contacts";
import { updateNewsroomProfile } from "./update-newsroom-profile";

beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-profile-")) });
});

const form = (data: Partial<NewsroomFormValues> = {}): NewsroomFormValues => ({
  ...EMPTY_NEWSROOM_FORM,
  name: "Müller & Söhne Maschinenbau GmbH",
  portal: "business",
  email: "Presse@Mueller-Maschinen.de",
  website: "www.mueller-maschinen.de/presse",
  addressStreet: "Hafenstraße 12",
  addressPostalCode: "20457",
  addressCity: "Hamburg",
  addressCountry: "DE",
  descriptionDe: "Familienunternehmen für Verpackungsmaschinen seit 1921.",
  ...data,
});

async function member(companyId: number, role: CompanyRole) {
  const user = await seedUser();
  await db.companyUser.create({ data: { companyId, userId: user.id, role, grantedVia: "manual" } });
  return user;
}

describe("onboarding: creating a newsroom", () => {
  it("stores the profile, makes the creator owner and default press contact, and logs each step once", async () => {
    const user = await seedUser({ name: "Jana Müller" });
    const { companyId, slug } = await createNewsroom({ userId: user.id, values: form({ name: `Müller & Söhne ${unique("x")}` }) });
    const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, include: { members: true, contacts: true } });
    expect(slug).toMatch(/^mueller-soehne-x-[0-9a-f]{8}$/);
    expect(company).toMatchObject({
      portal: "business",
      email: "presse@mueller-maschinen.de",
      website: "https://www.mueller-maschinen.de/presse",
      addressCountry: "DE",
      createdByUserId: user.id,
      descriptionEn: null,
      isActive: true,
    });
    expect(company.members.map((m) => ({ userId: m.userId, role: m.role, grantedVia: m.grantedVia }))).toEqual([
      { userId: user.id, role: "owner", grantedVia: "manual" },
    ]);
    expect(company.contacts.map((c) => ({ name: c.name, email: c.email, isDefault: c.isDefault }))).toEqual([
      { name: "Jana Müller", email: user.email, isDefault: true },
    ]);
    expect(await db.activityLog.count({ where: { type: "newsroom.created", subjectId: String(companyId), actorUserId: user.id } })).toBe(1);

    // Stage 3 ("profile maintenance") counts once per newsroom, however often the profile is kept up.
    await updateNewsroomProfile({
      userId: user.id,
      companyId,
      values: form({ name: company.name, descriptionEn: "Packaging machines since 1921." }),
    });
    await updateNewsroomProfile({
      userId: user.id,
      companyId,
      values: form({ name: company.name, descriptionEn: "Packaging machinery since 1921." }),
    });
    expect(await db.conversionEvent.findMany({ where: { companyId }, select: { stage: true, source: true } })).toEqual([
      { stage: 3, source: "onboarding" },
    ]);
  });

  it("refuses invalid fields with one issue each and stores nothing", async () => {
    const user = await seedUser();
    const before = await db.company.count();
    const attempt = createNewsroom({
      userId: user.id,
      values: form({
        name: " ",
        portal: "both",
        email: "info@firma.con",
        website: "javascript:alert(1)",
        addressPostalCode: "",
        descriptionDe: "",
        descriptionEn: "",
      }),
    });
    await expect(attempt).rejects.toMatchObject({ code: "validation_failed", status: 422 });
    const issues = await attempt.catch((e: { issues: { path: string }[] }) => e.issues.map((i) => i.path).sort());
    expect(issues).toEqual(["addressPostalCode", "descriptionDe", "email", "name", "portal", "website"]);
    // A mistyped TLD alone (spec 4.2: no DNS lookup needed).
    await expect(createNewsroom({ userId: user.id, values: form({ email: "info@firma.con" }) })).rejects.toMatchObject({
      issues: [{ path: "email" }],
    });
    expect(await db.company.count()).toBe(before);
  });

  it("refuses unconfirmed and deactivated accounts, and more than the daily number of newsrooms", async () => {
    await expect(createNewsroom({ userId: (await seedUser({ emailVerifiedAt: null })).id, values: form() })).rejects.toMatchObject({
      status: 403,
    });
    await expect(createNewsroom({ userId: (await seedUser({ isActive: false })).id, values: form() })).rejects.toMatchObject({
      status: 403,
    });
    const busy = await seedUser();
    for (let i = 0; i < NEWSROOMS_PER_DAY; i++)
      await createNewsroom({ userId: busy.id, values: form({ name: `Marke ${i} ${unique("m")}` }) });
    await expect(createNewsroom({ userId: busy.id, values: form({ name: unique("Marke") }) })).rejects.toMatchObject({
      code: "rate_limited",
    });
    expect(await db.company.count({ where: { createdByUserId: busy.id } })).toBe(NEWSROOMS_PER_DAY);
  });
});

describe("addresses whose domain takes no mail (spec 7, DNS check on)", () => {
  it("are refused for the newsroom and for press contacts, naming the field, and nothing is stored", async () => {
    const owner = await seedUser();
    const { companyId } = await createNewsroom({ userId: owner.id, values: form({ name: unique("DNS") }) });
    setMailDnsResolverForTests(
      fakeMailDns({
        "keine-post.de": { mx: [{ exchange: "", priority: 0 }] },
        "mueller-maschinen.de": { mx: [{ exchange: "mx.mueller-maschinen.de", priority: 10 }] },
      }),
    );
    try {
      await withLimits({ EMAIL_DOMAIN_CHECK: "true" }, async () => {
        await expect(
          createNewsroom({ userId: owner.id, values: form({ name: unique("DNS"), email: "info@keine-post.de" }) }),
        ).rejects.toMatchObject({ code: "validation_failed", issues: [{ path: "email" }] });
        await expect(
          updateNewsroomProfile({ userId: owner.id, companyId, values: form({ email: "info@keine-post.de" }) }),
        ).rejects.toMatchObject({ issues: [{ path: "email" }] });
        await expect(
          savePressContact({ userId: owner.id, companyId, input: { name: "Kim Post", email: "kim@keine-post.de", phone: "", role: "" } }),
        ).rejects.toMatchObject({ issues: [{ path: "email" }] });
        await savePressContact({
          userId: owner.id,
          companyId,
          input: { name: "Kim Post", email: "kim@mueller-maschinen.de", phone: "", role: "" },
        });
      });
    } finally {
      setMailDnsResolverForTests(null);
    }
    expect(await db.company.count({ where: { email: "info@keine-post.de" } })).toBe(0);
    expect((await db.contact.findMany({ where: { companyId }, select: { email: true } })).map((c) => c.email).sort()).toEqual(
      ["kim@mueller-maschinen.de", owner.email].sort(),
    );
  });
});

describe("newsroom slugs (spec 2.2: unique per portal, checked against both)", () => {
  it("numbers a taken slug, lets the other portal have it, and never takes a slug of `both` or an old merged slug", async () => {
    const user = await seedUser();
    const name = `Nordlicht ${unique("n")}`;
    const stem = (await createNewsroom({ userId: user.id, values: form({ name }) })).slug;
    expect((await createNewsroom({ userId: user.id, values: form({ name }) })).slug).toBe(`${stem}-2`);
    expect((await createNewsroom({ userId: user.id, values: form({ name, portal: "tech" }) })).slug).toBe(stem);

    const merged = `Fusion ${unique("f")}`;
    const mergedSlug = (await createNewsroom({ userId: user.id, values: form({ name: merged, portal: "tech" }) })).slug;
    await db.company.updateMany({ where: { slug: mergedSlug }, data: { portal: "both" } });
    expect((await createNewsroom({ userId: user.id, values: form({ name: merged, portal: "business" }) })).slug).toBe(`${mergedSlug}-2`);
    expect((await createNewsroom({ userId: user.id, values: form({ name: merged, portal: "tech" }) })).slug).toBe(`${mergedSlug}-2`);

    const survivor = await seedCompany({ portal: "business" });
    const old = `altname-${unique("a").slice(2)}`;
    await db.companySlugRedirect.create({ data: { portal: "business", slug: old, companyId: survivor.id } });
    expect((await createNewsroom({ userId: user.id, values: form({ name: old }) })).slug).toBe(`${old}-2`);
  });

  it("gives newsrooms created at the same moment with the same name distinct slugs", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => seedUser()));
    const name = `Gleichzeitig ${unique("g")}`;
    const slugs = (
      await Promise.all(users.map((u, i) => createNewsroom({ userId: u.id, values: form({ name, portal: i % 2 ? "tech" : "business" }) })))
    ).map((r) => r.slug);
    const business = slugs.filter((_, i) => i % 2 === 0).sort();
    const tech = slugs.filter((_, i) => i % 2 === 1).sort();
    expect(new Set(business).size).toBe(3);
    expect(new Set(tech).size).toBe(3);
    expect(business).toEqual(tech);
  });
});

describe("the newsroom profile", () => {
  it("is changed by owners and responsibles; a member's attempt changes nothing", async () => {
    const owner = await seedUser();
    const { companyId } = await createNewsroom({ userId: owner.id, values: form({ name: unique("Profil") }) });
    const responsible = await member(companyId, "responsible");
    const plain = await member(companyId, "member");
    const stranger = await seedUser();
    const name = (await db.company.findUniqueOrThrow({ where: { id: companyId } })).name;

    const invalidations = await db.publicCacheInvalidation.count();
    expect(await updateNewsroomProfile({ userId: responsible.id, companyId, values: form({ name, addressCity: "Lübeck" }) })).toEqual({
      changed: ["addressCity"],
    });
    const [last] = await db.publicCacheInvalidation.findMany({ orderBy: { id: "desc" }, take: 1 });
    expect(await db.publicCacheInvalidation.count()).toBe(invalidations + 1);
    expect(last!.tags).toEqual([`newsroom:${companyId}`, "portal:business"]);

    for (const user of [plain, stranger]) {
      await expect(updateNewsroomProfile({ userId: user.id, companyId, values: form({ name: "Übernommen GmbH" }) })).rejects.toMatchObject({
        status: 403,
      });
    }
    await expect(updateNewsroomProfile({ userId: owner.id, companyId: 2_000_000_000, values: form() })).rejects.toMatchObject({
      status: 404,
    });
    expect(await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true, addressCity: true } })).toEqual({
      name,
      addressCity: "Lübeck",
    });
  });

  it("keeps portal and slug when the name changes", async () => {
    const owner = await seedUser();
    const { companyId, slug } = await createNewsroom({ userId: owner.id, values: form({ name: unique("Alt") }) });
    await updateNewsroomProfile({ userId: owner.id, companyId, values: form({ name: "Ganz Neu AG", portal: "tech" }) });
    expect(await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true, slug: true, portal: true } })).toEqual({
      name: "Ganz Neu AG",
      slug,
      portal: "business",
    });
  });
});

describe("press contacts", () => {
  it("keeps exactly one default, also when two editors choose different defaults at once", async () => {
    const owner = await seedUser();
    const { companyId } = await createNewsroom({ userId: owner.id, values: form({ name: unique("Kontakt") }) });
    const responsible = await member(companyId, "responsible");
    const input = (n: string) => ({
      name: `Kontakt ${n}`,
      email: `${n}@mueller-maschinen.de`,
      phone: "+49 40 123456",
      role: "Pressesprecherin",
    });
    const a = (await savePressContact({ userId: owner.id, companyId, input: input("a") })).contactId;
    const b = (await savePressContact({ userId: responsible.id, companyId, input: input("b") })).contactId;
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        setDefaultPressContact({ userId: owner.id, companyId, contactId: a }),
        setDefaultPressContact({ userId: responsible.id, companyId, contactId: b }),
      ]);
      expect(await db.contact.count({ where: { companyId, isDefault: true } })).toBe(1);
    }
    // Removing the default hands it to the oldest remaining contact.
    const current = await db.contact.findFirstOrThrow({ where: { companyId, isDefault: true } });
    await deletePressContact({ userId: owner.id, companyId, contactId: current.id });
    const next = await db.contact.findMany({ where: { companyId }, orderBy: { id: "asc" } });
    expect(next.filter((c) => c.isDefault).map((c) => c.id)).toEqual([next[0]!.id]);
  });

  it("refuses bad input, a contact of another newsroom and a member's changes", async () => {
    const owner = await seedUser();
    const { companyId } = await createNewsroom({ userId: owner.id, values: form({ name: unique("Kontakt") }) });
    const plain = await member(companyId, "member");
    const foreign = await db.contact.create({ data: { companyId: (await seedCompany()).id, name: "Fremd", email: "fremd@example.com" } });
    await expect(
      savePressContact({ userId: owner.id, companyId, input: { name: "X", email: "kein-mail", phone: "abc", role: "" } }),
    ).rejects.toMatchObject({ code: "validation_failed", issues: [{ path: "name" }, { path: "email" }, { path: "phone" }] });
    await expect(deletePressContact({ userId: owner.id, companyId, contactId: foreign.id })).rejects.toMatchObject({ status: 404 });
    await expect(setDefaultPressContact({ userId: owner.id, companyId, contactId: foreign.id })).rejects.toMatchObject({ status: 404 });
    await expect(
      savePressContact({ userId: plain.id, companyId, input: { name: "Neu", email: "neu@mueller-maschinen.de", phone: "", role: "" } }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await db.contact.count({ where: { companyId } })).toBe(1);
    expect(await db.contact.findUnique({ where: { id: foreign.id } })).not.toBeNull();
  });
});
