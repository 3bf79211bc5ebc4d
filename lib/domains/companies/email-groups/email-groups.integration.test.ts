import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, unique } from "@/tests/factories";
import { computeClassification, normalizeCompanyEmail } from "./classify-email";
import { effectiveClassification } from "./effective-classification";
import { recomputeCompanyEmailGroups } from "./recompute-email-groups";
import { setManualClassification } from "./set-manual-classification";

const group = (email: string) => db.companyEmailGroup.findUnique({ where: { normalizedEmail: email } });

describe("classification of a company address", () => {
  it("normalizes by trimming and lower-casing only", () => {
    expect(normalizeCompanyEmail("  Max.Mustermann+PR@GMail.com ")).toBe("max.mustermann+pr@gmail.com");
    expect(normalizeCompanyEmail("   ")).toBeNull();
    expect(normalizeCompanyEmail(null)).toBeNull();
  });

  it("agency from three companies on, over role address; consumer mail; role address; company; unknown", () => {
    expect(computeClassification("info@agentur.de", 3)).toBe("agency");
    expect(computeClassification("info@agentur.de", 2)).toBe("role_address");
    expect(computeClassification("presse.berlin@firma.de", 1)).toBe("role_address");
    expect(computeClassification("max@gmx.de", 1)).toBe("consumer_mail");
    expect(computeClassification("anna.beispiel@firma.de", 1)).toBe("company");
    expect(computeClassification("anna@müller.de", 1)).toBe("company");
    for (const bad of ["no-at-sign", "a@b@c.de", "@firma.de", "anna@localhost", "an na@firma.de"])
      expect([bad, computeClassification(bad, 1)]).toEqual([bad, "unknown"]);
  });
});

describe("company_email_groups", () => {
  it("recomputes one group per normalized address, idempotently, and removes groups no company carries", async () => {
    const agency = `kunden@${unique("agentur")}.de`;
    for (const spelling of [agency, ` ${agency.toUpperCase()}`, agency]) await seedCompany({ email: spelling });
    await seedCompany({ email: agency, deletedAt: new Date() });
    const single = `anna@${unique("firma")}.de`;
    const lone = await seedCompany({ email: single });

    const first = await recomputeCompanyEmailGroups();
    expect(first.inserted).toBeGreaterThanOrEqual(2);
    expect(await group(agency)).toMatchObject({
      classification: "agency",
      effectiveClassification: "agency",
      companyCount: 3,
      manualClassification: null,
    });
    expect(await group(single)).toMatchObject({ classification: "company", companyCount: 1 });
    expect(await recomputeCompanyEmailGroups()).toMatchObject({ inserted: 0, updated: 0, removed: 0 });

    await db.company.update({ where: { id: lone.id }, data: { email: null } });
    expect((await recomputeCompanyEmailGroups()).removed).toBe(1);
    expect(await group(single)).toBeNull();
  });

  it("manual override survives recomputation", async () => {
    const shared = `info@${unique("verband")}.de`;
    for (let i = 0; i < 3; i++) await seedCompany({ email: shared });
    await recomputeCompanyEmailGroups();
    expect(await effectiveClassification(shared)).toBe("agency");

    await setManualClassification({ email: ` ${shared.toUpperCase()} `, value: "company" });
    expect(await effectiveClassification(shared)).toBe("company");
    await seedCompany({ email: shared });
    await recomputeCompanyEmailGroups();
    expect(await group(shared)).toMatchObject({
      classification: "agency",
      manualClassification: "company",
      effectiveClassification: "company",
      companyCount: 4,
    });
    expect(await effectiveClassification(shared)).toBe("company");

    // With no company left the override is kept, at a count of 0.
    await db.company.updateMany({ where: { email: shared }, data: { deletedAt: new Date() } });
    await recomputeCompanyEmailGroups();
    expect(await group(shared)).toMatchObject({ manualClassification: "company", companyCount: 0, effectiveClassification: "company" });

    await setManualClassification({ email: shared, value: null });
    expect(await effectiveClassification(shared)).toBe("role_address");
    await recomputeCompanyEmailGroups();
    expect(await group(shared)).toBeNull();
  });

  it("answers for an address without a group from the companies as they are now, writing nothing", async () => {
    const fresh = `presse@${unique("neu")}.de`;
    for (let i = 0; i < 3; i++) await seedCompany({ email: fresh });
    expect(await effectiveClassification(fresh)).toBe("agency");
    expect(await effectiveClassification("someone@gmail.com")).toBe("consumer_mail");
    expect(await effectiveClassification("")).toBe("unknown");
    expect(await group(fresh)).toBeNull();
  });

  it("a recomputation and a manual classification at once: the override is never lost", async () => {
    const email = `team@${unique("race")}.de`;
    await seedCompany({ email });
    await Promise.all([recomputeCompanyEmailGroups(), setManualClassification({ email, value: "agency" }), recomputeCompanyEmailGroups()]);
    expect(await group(email)).toMatchObject({ manualClassification: "agency", effectiveClassification: "agency", companyCount: 1 });
  });
});
