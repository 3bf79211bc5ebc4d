import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { loadDashboardRelease } from "@/lib/adapters/dashboard/release-detail";
import { loadNewReleaseForm } from "@/lib/adapters/dashboard/new-release-form";
import { EMPTY_RELEASE_FORM } from "@/lib/adapters/dashboard/release-rules";
import { saveDashboardRelease } from "@/lib/adapters/dashboard/save-dashboard-release";
import { db } from "@/lib/core/db/client";
import { actionError } from "@/lib/core/forms/action-result";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { submitRelease } from "@/lib/domains/releases/submit-release";
import { unique } from "./factories";
import { GOOD_BODY, seedNewsroom } from "./release-fixtures";

// LEGAL_ACCEPTANCE_GATE (spec 2.5, 7: 428) holds for every submission path: the API's, the
// dashboard's and the domain function itself. The dashboard shows what to accept.

let categoryId: number;
beforeAll(async () => {
  categoryId = (await db.category.create({ data: { portal: "business", slug: unique("energie"), nameDe: "Energie", nameEn: "Energy" } }))
    .id;
});
beforeEach(() => {
  process.env.LEGAL_ACCEPTANCE_GATE = "true";
  resetConfigForTests();
});
afterEach(() => {
  delete process.env.LEGAL_ACCEPTANCE_GATE;
  resetConfigForTests();
});

const CURRENT = REQUIRED_DOCUMENTS.map(({ document, version }) => ({ document, version }));

async function customerForm() {
  const { owner, company } = await seedNewsroom();
  const values = {
    ...EMPTY_RELEASE_FORM,
    companyId: String(company.id),
    portal: "business",
    categoryId: String(categoryId),
    title: `Werk ${unique("w")} eröffnet`,
    body: GOOD_BODY,
    aiDeclaration: "without_ai",
    location: "Berlin",
    contactName: "P",
    contactEmail: "p@beispiel.de",
  };
  return { owner, company, values };
}

describe("the legal-acceptance gate in the dashboard", () => {
  it("lists the documents to accept, refuses a submission without them and saves nothing", async () => {
    const { owner, company, values } = await customerForm();
    expect((await loadNewReleaseForm(owner.id)).documentsToAccept.map((d) => [d.document, d.version, d.path])).toEqual(
      REQUIRED_DOCUMENTS.map((d) => [d.document, d.version, d.path]),
    );
    const err = await saveDashboardRelease({ userId: owner.id, values, submit: true }).catch((e: unknown) => e);
    expect(actionError(err)).toMatchObject({
      ok: false,
      code: "legal_acceptance_required",
      message: expect.stringContaining("Bedingungen"),
    });
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
    // Saving a draft needs no acceptance.
    const draft = await saveDashboardRelease({ userId: owner.id, values, submit: false });
    expect((await loadDashboardRelease(owner.id, draft.releaseId)).documentsToAccept).toHaveLength(REQUIRED_DOCUMENTS.length);
  });

  it("records the accepted versions with the submission, which then goes to review", async () => {
    const { owner, values } = await customerForm();
    const ip = { value: "hmac-of-address", keyVersion: 1 };
    const { releaseId } = await saveDashboardRelease({ userId: owner.id, values, submit: true, acceptDocuments: CURRENT, ip });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).status).toBe("in_review");
    const rows = await db.legalDocumentAcceptance.findMany({ where: { userId: owner.id }, orderBy: { document: "asc" } });
    expect(rows.map((r) => [r.document, r.version, r.ipHmac])).toEqual(CURRENT.map((d) => [d.document, d.version, ip.value]).sort());
    expect((await loadNewReleaseForm(owner.id)).documentsToAccept).toEqual([]);
  });

  it("refuses a version that changed while the customer read it, storing nothing", async () => {
    const { owner, company, values } = await customerForm();
    const stale = CURRENT.map((d) => (d.document === "terms" ? { ...d, version: "2025-01" } : d));
    const err = await saveDashboardRelease({ userId: owner.id, values, submit: true, acceptDocuments: stale }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "legal_acceptance_required", message: expect.stringContaining("soeben geändert") });
    expect(await db.legalDocumentAcceptance.count({ where: { userId: owner.id } })).toBe(0);
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("staff in a support access cannot accept the documents for the customer: refused by the release write, nothing stored", async () => {
    const { owner, company, values } = await customerForm();
    const err = await saveDashboardRelease({
      userId: owner.id,
      values,
      submit: true,
      acceptDocuments: CURRENT,
      acting: { impersonatorUserId: owner.id + 1000 },
    }).catch((e: unknown) => e);
    expect(actionError(err)).toMatchObject({ ok: false, code: "forbidden", message: expect.stringContaining("Support-Zugang") });
    expect(await db.legalDocumentAcceptance.count({ where: { userId: owner.id } })).toBe(0);
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
    // Saving without accepting anything stays possible for support.
    await saveDashboardRelease({ userId: owner.id, values, submit: false, acting: { impersonatorUserId: owner.id + 1000 } });
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("is held by submitRelease itself, whatever path calls it", async () => {
    const { owner, values } = await customerForm();
    const { releaseId } = await saveDashboardRelease({ userId: owner.id, values, submit: false });
    await expect(submitRelease({ releaseId, actor: { type: "user", userId: owner.id } })).rejects.toMatchObject({
      code: "legal_acceptance_required",
      status: 428,
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).status).toBe("draft");
  });
});
