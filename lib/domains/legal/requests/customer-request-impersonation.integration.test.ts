import { describe, expect, it } from "vitest";
import { CustomerOnlyActionError } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { seedRelease, seedUser } from "@/tests/factories";
import { seedNewsroom } from "@/tests/release-fixtures";
import { fileCustomerLegalRequest } from "./file-customer-legal-request";

// A legal request about a published release (spec 4.4) is the customer's own statement: staff
// acting as the customer (support access, spec 6.1) who call fileCustomerLegalRequest with the
// customer's session as `acting` are refused before anything is checked or filed; editors file
// requests in /admin. The customer in person files the same request.

const BODY = "<p>Die Beispiel AG eröffnet ein Werk. Ansprechpartner ist Max Mustermann, Lindenweg 5, Potsdam.</p>";
const REASON = "Herr Mustermann hat der Nennung seiner Anschrift widersprochen.";

describe("fileCustomerLegalRequest called by staff acting as the customer", () => {
  it("refuses the request; nothing is filed or mailed; the customer in person files it", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "published",
      publishedAt: new Date(),
      body: BODY,
    });
    const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
    const request = {
      userId: owner.id,
      releaseId: release.id,
      track: "correction",
      reason: REASON,
      proposedText: "Ansprechpartner ist die Pressestelle.",
    };

    const attempt = fileCustomerLegalRequest({ ...request, acting: { impersonatorUserId: staff.id } });
    await expect(attempt).rejects.toBeInstanceOf(CustomerOnlyActionError);
    await expect(attempt).rejects.toMatchObject({
      code: "forbidden",
      message:
        "Im Support-Zugang stellen Sie keinen Antrag im Namen der Kundin oder des Kunden; Anliegen legt die Redaktion im Verwaltungsbereich an.",
      details: { reason: "impersonation", action: "legal_request" },
    });
    expect(await db.legalRequest.count({ where: { pressReleaseId: release.id } })).toBe(0);
    expect(await db.mailOutbox.count({ where: { to: owner.email, mailType: "legal_request_received" } })).toBe(0);

    const { id } = await fileCustomerLegalRequest({ ...request, acting: { impersonatorUserId: null } });
    expect(await db.legalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      pressReleaseId: release.id,
      requesterUserId: owner.id,
      status: "received",
    });
  });
});
