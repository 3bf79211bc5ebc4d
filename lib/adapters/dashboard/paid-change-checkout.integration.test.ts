import { describe, expect, it } from "vitest";
import { CustomerOnlyActionError } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { requestPaidChange } from "@/lib/domains/paid-changes/request-paid-change";
import { seedRelease, seedUser, unique } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { checkoutPaidChange, checkoutPendingChange } from "./paid-change-checkout";

// The paid change of the customer's release page (spec 4.5) called directly by staff acting as
// the customer (support access, spec 6.1), with the customer's session as `acting`: paying for
// a change is the customer's own decision. Refused before the text is checked, so no change row,
// check or checkout is made; the customer in person gets to the checkout with the same call.

const CHANGED_BODY = GOOD_BODY.replace("250 Arbeitsplätze", "300 Arbeitsplätze");
const refused = {
  name: "CustomerOnlyActionError",
  code: "forbidden",
  status: 403,
  message: expect.stringMatching(/^Im Support-Zugang sind Buchungen, Käufe, Zahlungen und Kündigungen nicht möglich/),
  details: { reason: "impersonation", action: "billing" },
};

async function publishedUnderSupport() {
  const { owner, company } = await seedNewsroom({ user: { emailVerifiedAt: new Date() } });
  const at = new Date(Date.now() - 86_400_000);
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "published",
    publishedAt: at,
    publishedEverAt: at,
    contentChangedAt: at,
    title: `Neues Werk ${unique("w")}`,
    body: GOOD_BODY,
    location: "Berlin",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.de",
  });
  const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
  return { owner, release, support: { impersonatorUserId: staff.id } };
}

const changesOf = (pressReleaseId: number) =>
  db.pressReleaseChange.findMany({
    where: { pressReleaseId },
    select: { id: true, status: true, stripeCheckoutSessionId: true },
    orderBy: { id: "asc" },
  });

describe("the paid change checkout called by staff acting as the customer", () => {
  it("checkoutPaidChange refuses before the text is checked: no change, no checkout; the customer in person reaches the checkout", async () => {
    const { owner, release, support } = await publishedUnderSupport();
    const change = { userId: owner.id, releaseId: release.id, title: release.title, lead: null, body: CHANGED_BODY };
    const attempt = checkoutPaidChange({ ...change, acting: support });
    await expect(attempt).rejects.toBeInstanceOf(CustomerOnlyActionError);
    await expect(attempt).rejects.toMatchObject(refused);
    expect(await changesOf(release.id)).toEqual([]);
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).stripeCustomerId).toBeNull();

    expect((await checkoutPaidChange({ ...change, acting: { impersonatorUserId: null } })).url).toMatch(/\/checkout\/local\/cs_local_/);
    expect(await changesOf(release.id)).toEqual([
      { id: expect.any(Number), status: "pending_payment", stripeCheckoutSessionId: expect.stringMatching(/^cs_local_/) },
    ]);
  });

  it("checkoutPendingChange refuses the payment of a change that waits for it; the change keeps waiting without a checkout", async () => {
    const { owner, release, support } = await publishedUnderSupport();
    const { changeId } = await requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: CHANGED_BODY });
    const before = await changesOf(release.id);
    await expect(checkoutPendingChange({ userId: owner.id, changeId, acting: support })).rejects.toMatchObject(refused);
    expect(await changesOf(release.id)).toEqual(before);
    expect(before).toEqual([{ id: changeId, status: "pending_payment", stripeCheckoutSessionId: null }]);
  });
});
