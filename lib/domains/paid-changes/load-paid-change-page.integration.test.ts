import { describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedRelease, unique } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { join } from "@/tests/team-fixtures";
import { loadPaidChangePage } from "./load-paid-change-page";
import { requestPaidChange } from "./request-paid-change";

const NOW = new Date("2026-11-20T10:00:00Z");

async function published(data: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) {
  const { owner, company } = await seedNewsroom();
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "published",
    publishedAt: NOW,
    publishedEverAt: NOW,
    contentChangedAt: new Date("2026-11-01T00:00:00Z"),
    title: `Neues Werk ${unique("w")}`,
    lead: "Vorspann",
    body: GOOD_BODY,
    location: "Berlin",
    contactName: "Pressestelle",
    ...data,
  });
  return { owner, company, release };
}

describe("the paid-change page's data", () => {
  it("offers the live text, the price with VAT and the limit", async () => {
    const { owner, release } = await published();
    const page = await loadPaidChangePage({ userId: owner.id, releaseId: release.id, now: NOW });
    expect(page).toMatchObject({
      blocker: null,
      pending: null,
      maxDistancePercent: 50,
      price: { netCents: 1000, grossCents: 1190, vatPercent: 19 },
    });
    expect(page.release).toMatchObject({ title: release.title, lead: "Vorspann", body: GOOD_BODY });
  });

  it("says why there is no form: used once, not published, removed, someone else's text", async () => {
    const used = await published({ paidChangeUsedAt: NOW });
    expect((await loadPaidChangePage({ userId: used.owner.id, releaseId: used.release.id })).blocker).toBe("used");
    const review = await published({ status: "in_review" });
    expect((await loadPaidChangePage({ userId: review.owner.id, releaseId: review.release.id })).blocker).toBe("not_published");
    const gone = await published({ goneAt: NOW });
    expect((await loadPaidChangePage({ userId: gone.owner.id, releaseId: gone.release.id })).blocker).toBe("gone");
    const member = await join(used.company.id, "member");
    const other = await published();
    await expect(loadPaidChangePage({ userId: member.id, releaseId: other.release.id })).rejects.toMatchObject({ code: "not_found" });
    const colleague = await join(other.company.id, "member");
    expect((await loadPaidChangePage({ userId: colleague.id, releaseId: other.release.id })).blocker).toBe("no_right");
  });

  it("shows a change waiting for payment; only its requester may pay it", async () => {
    const { owner, company, release } = await published();
    const { changeId } = await requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: release.title,
      lead: "Vorspann",
      body: GOOD_BODY.replace("250", "260"),
      now: NOW,
    });
    expect((await loadPaidChangePage({ userId: owner.id, releaseId: release.id, now: NOW })).pending).toMatchObject({
      changeId,
      isOwn: true,
    });
    const responsible = await join(company.id, "responsible");
    expect((await loadPaidChangePage({ userId: responsible.id, releaseId: release.id, now: NOW })).pending).toMatchObject({
      changeId,
      isOwn: false,
    });
    expect(
      (await loadPaidChangePage({ userId: owner.id, releaseId: release.id, now: new Date(NOW.getTime() + 31 * 60_000) })).pending,
    ).toBeNull();
  });
});
