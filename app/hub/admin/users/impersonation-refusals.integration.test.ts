import { describe, expect, it, vi } from "vitest";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { db } from "@/lib/core/db/client";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { abandonAction, payAction } from "../../checkout/local/[id]/actions";
import { saveBillingAddressAction } from "../../dashboard/billing/settings/actions";
import {
  changeRoleAction,
  declineEmailMatchAction,
  inviteEmailMatchAction,
  inviteMemberAction,
  leaveNewsroomAction,
  removeMemberAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "../../dashboard/newsrooms/[id]/team/actions";
import { correctImageAction } from "../../dashboard/releases/[id]/images/actions";
import { fileLegalRequestAction } from "../../dashboard/releases/[id]/legal-actions";
import { saveRelease } from "../../dashboard/releases/actions";
import { acceptInvitationAction } from "../../invitation/[token]/actions";
import { startImpersonationAction } from "./impersonation-actions";

// Support staff acting as a customer (spec 6.1) against what only the customer decides or
// states: every team change (support could otherwise invite itself as owner), accepting the
// legal documents, an image's credit line and AI declaration, the billing address, paying or
// abandoning the customer's checkout, a legal request. Each door answers with the German
// refusal and changes nothing.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
withPageSession();

const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
const form = (fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const refused = (message: RegExp) => ({ ok: false, code: "forbidden", message: expect.stringMatching(message) });

/** A customer owning a newsroom with a member and an open invitation, and support acting as the customer. */
async function supportInNewsroom() {
  const owner = await seedUser({ emailVerifiedAt: new Date() });
  const member = await seedUser({ emailVerifiedAt: new Date() });
  const company = await seedCompany();
  await db.companyUser.createMany({
    data: [
      { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" },
      { companyId: company.id, userId: member.id, role: "member", grantedVia: "manual" },
    ],
  });
  const invitation = await db.companyInvitation.create({
    data: {
      companyId: company.id,
      email: `${unique("eingeladen")}@example.com`,
      role: "member",
      invitedByUserId: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
  await signIn(staff.id);
  expect(await outcome(startImpersonationAction(owner.id, null, form({ reason: "Ticket 9: Kundin braucht Hilfe im Team" })))).toMatch(
    /^NEXT_REDIRECT;.*\/dashboard;/,
  );
  return { owner, member, company, invitation, staff };
}

const teamOf = (companyId: number) =>
  db.companyUser.findMany({ where: { companyId }, orderBy: { userId: "asc" }, select: { userId: true, role: true } });

describe("support acting as the customer", () => {
  it("changes nothing in the team: no invitation (not even of support itself as owner), role, removal, leaving, address match or accepted invitation", async () => {
    const { owner, member, company, invitation, staff } = await supportInNewsroom();
    const team = await teamOf(company.id);
    const invitations = await db.companyInvitation.findMany({ where: { companyId: company.id } });
    const TEAM = /^Im Support-Zugang lässt sich das Team nicht ändern/;
    const staffEmail = (await db.user.findUniqueOrThrow({ where: { id: staff.id } })).email;
    const attempts: Promise<unknown>[] = [
      inviteMemberAction(company.id, null, form({ email: staffEmail, role: "owner" })),
      inviteMemberAction(company.id, null, form({ email: `${unique("fremd")}@example.com`, role: "member" })),
      changeRoleAction(company.id, member.id, null, form({ role: "owner" })),
      removeMemberAction(company.id, member.id, null, form()),
      leaveNewsroomAction(company.id, null, form()),
      resendInvitationAction(company.id, invitation.id, null, form()),
      revokeInvitationAction(company.id, invitation.id, null, form()),
      inviteEmailMatchAction(company.id, 1, null, form({ role: "member" })),
      declineEmailMatchAction(company.id, 1, null, form()),
      acceptInvitationAction("x".repeat(43), null, form()),
    ];
    for (const attempt of attempts) expect(await outcome(attempt)).toMatchObject(refused(TEAM));
    expect(await teamOf(company.id)).toEqual(team);
    expect(await db.companyInvitation.findMany({ where: { companyId: company.id } })).toEqual(invitations);
    expect(await db.mailOutbox.count({ where: { mailType: "team_invitation", to: staffEmail } })).toBe(0);
    expect(team).toEqual(
      expect.arrayContaining([
        { userId: owner.id, role: "owner" },
        { userId: member.id, role: "member" },
      ]),
    );
    expect(team).toHaveLength(2);
  });

  it("makes none of the customer's statements: legal acceptance on submit, an image's credit or AI declaration, the billing address, a legal request", async () => {
    const { owner, company } = await supportInNewsroom();
    const release = await seedRelease({ companyId: company.id, authorUserId: owner.id, status: "published", publishedAt: new Date() });
    const acceptances = await db.legalDocumentAcceptance.count({ where: { userId: owner.id } });
    const acceptDocuments = REQUIRED_DOCUMENTS.map((d) => ({ document: d.document, version: d.version }));
    expect(await saveRelease(null, { releaseId: release.id, values: {} as never, submit: true, acceptDocuments } as never)).toMatchObject(
      refused(/Bedingungen nicht im Namen/),
    );
    expect(await db.legalDocumentAcceptance.count({ where: { userId: owner.id } })).toBe(acceptances);

    expect(
      await correctImageAction(
        release.id,
        null,
        form({ imageId: "1", copyright: "Foto: Support", alt: "x", ai_declaration: "without_ai", reason: "Korrektur" }),
      ),
    ).toMatchObject(refused(/Bildnachweis und KI-Angabe/));
    expect(
      await saveBillingAddressAction(null, { name: "Support GmbH", street: "Weg 1", postalCode: "10115", city: "Berlin", country: "DE" }),
    ).toMatchObject(refused(/Rechnungsadresse/));
    expect(await db.billingAddress.count({ where: { userId: owner.id } })).toBe(0);
    expect(
      await fileLegalRequestAction(
        release.id,
        null,
        form({ track: "correction", reason: "Bitte korrigieren Sie den zweiten Absatz.", proposedText: "Neuer Text" }),
      ),
    ).toMatchObject(refused(/keinen Antrag im Namen/));
    expect(await db.legalRequest.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("neither pays nor abandons the customer's open checkout", async () => {
    const owner = await seedUser({ emailVerifiedAt: new Date() });
    const company = await seedCompany();
    await db.companyUser.create({ data: { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
    const { url } = await startCheckout({ purpose: "credits", userId: owner.id, companyId: company.id, packId: "credits-25" });
    const id = /\/checkout\/local\/(cs_local_[0-9a-f]+)$/.exec(url)![1]!;
    const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
    await signIn(staff.id);
    expect(await outcome(startImpersonationAction(owner.id, null, form({ reason: "Ticket 10: Zahlung hängt" })))).toMatch(
      /^NEXT_REDIRECT;.*\/dashboard;/,
    );
    for (const action of [payAction, abandonAction])
      expect(await outcome(action(id, null, form()))).toMatchObject(refused(/Buchungen, Käufe, Zahlungen/));
    expect((await db.localCheckoutSession.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).credits).toBe(0);
  });
});
