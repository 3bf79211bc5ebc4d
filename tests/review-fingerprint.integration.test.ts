import { beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { KI } from "@/lib/domains/releases/history";
import { approveRelease } from "@/lib/domains/releases/manual-review";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { publishDueReleases } from "@/lib/domains/releases/publish-scheduled";
import { send } from "./api-client";
import { unique } from "./factories";
import { GOOD_BODY, seedAdmin, seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// The review bypass, as a customer would try it through the API: get a clean text checked and
// scheduled, then change what content_hash does not cover (lead, link targets, contact, ...).

const HOUR = 3_600_000;
const LINKED = `${GOOD_BODY}<p>Mehr unter <a href="https://www.beispiel.de/werk">www.beispiel.de/werk</a>.</p>`;
let categorySlug: string;

beforeAll(async () => {
  categorySlug = unique("energie");
  await db.category.create({ data: { portal: "business", slug: categorySlug, nameDe: "Energie", nameEn: "Energy" } });
});

async function drain() {
  while (await workOne()) {
    /* the review job runs */
  }
}

async function scheduledAfterGreenCheck() {
  const { owner, company } = await seedNewsroom();
  const token = (await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() })).token;
  const at = new Date(Date.now() + HOUR);
  const created = await send("POST", "/api/v1/releases", {
    token,
    body: {
      newsroom_id: company.id,
      portal: "business",
      language: "de",
      title: `Beispiel AG eröffnet Werk ${unique("w")}`,
      body: LINKED,
      location: "Berlin",
      category: categorySlug,
      contact: { name: "Pressestelle", email: "presse@beispiel.de" },
      scheduled_at: at.toISOString(),
    },
  });
  const { data } = await created.json();
  await drain();
  const release = await db.pressRelease.findUniqueOrThrow({ where: { id: data.id } });
  expect(release.status).toBe("scheduled");
  return { token, release, at };
}

describe("the review fingerprint", () => {
  for (const [what, change] of [
    ["an advertising lead", { lead: "Jetzt kaufen: nur heute gratis!" }],
    [
      "a link target swapped for a phishing page (same text, same content_hash)",
      { body: LINKED.replace("https://www.beispiel.de/werk", "https://evil.example/login") },
    ],
    ["another contact", { contact: { name: "Gewinnspiel", email: "win@evil.example" } }],
    ["advertising keywords", { keywords: ["gratis", "rabatt", "jetzt kaufen"] }],
  ] as const) {
    it(`sends a scheduled release back to the check after ${what}, and the old green check never publishes it`, async () => {
      const { token, release, at } = await scheduledAfterGreenCheck();
      const res = await send("PUT", `/api/v1/releases/${release.id}`, { token, body: change });
      expect(res.status).toBe(200);
      const changed = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
      expect(changed.status).toBe("in_review");
      expect(changed.reviewFingerprint).not.toBe(release.reviewFingerprint);
      if ("body" in change) expect(changed.contentHash).toBe(release.contentHash);
      // The green check of the old version is void: even a direct publish by the pipeline refuses.
      await expect(publishRelease({ releaseId: release.id, actor: KI })).rejects.toMatchObject({ code: "stale_classification" });
      expect((await publishDueReleases(new Date(at.getTime() + 60_000))).published).not.toContain(release.id);
      // The new check judges the new version.
      await drain();
      const checked = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
      expect(checked.status).not.toBe("published");
      const newest = await db.pressReleaseClassification.findFirstOrThrow({
        where: { pressReleaseId: release.id, discardedAt: null },
        orderBy: { id: "desc" },
      });
      expect(newest.reviewFingerprint).toBe(checked.reviewFingerprint);
      if (!("contact" in change)) expect(newest.result).toBe("red");
    });
  }

  it("is unchanged by the publication time alone, so a new time keeps the check", async () => {
    const { token, release } = await scheduledAfterGreenCheck();
    await send("PUT", `/api/v1/releases/${release.id}`, { token, body: { scheduled_at: new Date(Date.now() + 2 * HOUR).toISOString() } });
    const moved = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([moved.status, moved.reviewFingerprint]).toEqual(["scheduled", release.reviewFingerprint]);
  });
});

describe("a person's approval", () => {
  it("names what the admin saw, and is refused when the release changed since", async () => {
    const { owner, company } = await seedNewsroom();
    const seen = await seedCheckedRelease(company.id, owner.id, {
      result: "red",
      data: { body: LINKED, reviewFlaggedAt: new Date(), automaticAttempts: 3 },
    });
    const admin = await seedAdmin();
    // While the admin reads, the customer swaps a link target (through the API, as in the bypass above).
    const token = (await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() })).token;
    expect(
      (
        await send("PUT", `/api/v1/releases/${seen.id}`, {
          token,
          body: { body: LINKED.replace("https://www.beispiel.de/werk", "https://evil.example/login") },
        })
      ).status,
    ).toBe(200);

    await expect(
      approveRelease({ releaseId: seen.id, adminUserId: admin.id, reviewFingerprint: seen.reviewFingerprint! }),
    ).rejects.toMatchObject({ code: "conflict" });
    const still = await db.pressRelease.findUniqueOrThrow({ where: { id: seen.id } });
    expect([still.status, still.approvedReviewFingerprint]).toEqual(["in_review", null]);
    // Approving what is there now works.
    expect(await approveRelease({ releaseId: seen.id, adminUserId: admin.id, reviewFingerprint: still.reviewFingerprint! })).toEqual({
      status: "published",
    });
  });
});
