import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { KI } from "@/lib/domains/releases/history";
import { approveRelease } from "@/lib/domains/releases/manual-review";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { verifyUnsubscribeToken } from "@/lib/domains/mail/unsubscribe-token";
import { seedAdmin, seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";

const NOW = new Date("2026-11-20T10:00:00Z");
const publishedMailsTo = (to: string) => db.mailOutbox.findMany({ where: { to, mailType: "published" }, orderBy: { id: "asc" } });

describe("the publication mail (spec 6.3)", () => {
  it("publishing a release queues exactly one publication mail for its author, with the public link and the unsubscribe footer", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);

    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    // A second publish of the same release is refused and mails nothing.
    await expect(publishRelease({ releaseId: release.id, actor: KI, now: NOW })).rejects.toMatchObject({ code: "conflict" });

    const mails = await publishedMailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Veröffentlicht: ${release.title}`);
    expect(mails[0]!.text).toContain(`${releaseUrl(release, getSiteHosts())}?src=published&pr=${release.id}`);
    // A release that came through the dashboard form gets no first-source paragraph.
    expect(mails[0]!.text).not.toContain("Erstquelle");
    const footer = /\/unsubscribe\?t=([A-Za-z0-9_.-]+)/.exec(mails[0]!.text)?.[1];
    expect(verifyUnsubscribeToken(footer)).toEqual({ email: owner.email, scope: "published" });
  });

  it("an admin's approval publishes and mails the author once, in the author's language", async () => {
    const { owner, company } = await seedNewsroom({ user: { locale: "en" } });
    const release = await seedCheckedRelease(company.id, owner.id, { data: { reviewFlaggedAt: new Date() } });
    const admin = await seedAdmin();

    await approveRelease({ releaseId: release.id, adminUserId: admin.id, reviewFingerprint: release.reviewFingerprint! });

    const mails = await publishedMailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([`Published: ${release.title}`]);
  });

  it("a refused publication (stale check) queues no mail", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { stale: true });
    await expect(publishRelease({ releaseId: release.id, actor: KI, now: NOW })).rejects.toMatchObject({
      name: "StaleClassificationException",
    });
    expect(await publishedMailsTo(owner.email)).toEqual([]);
  });

  it("an API release gets the first-source paragraph, and its copy names the first source", async () => {
    const { owner, company } = await seedNewsroom({ portal: "both" });
    const title = "Gemeinsame Meldung über die API";
    const first = await seedCheckedRelease(company.id, owner.id, { data: { portal: "tech", title, source: "api" } });
    const copy = await seedCheckedRelease(company.id, owner.id, { data: { portal: "business", title, source: "api" } });

    await publishRelease({ releaseId: first.id, actor: KI, now: NOW });
    await publishRelease({ releaseId: copy.id, actor: KI, now: new Date(NOW.getTime() + 1000) });

    const [firstMail, copyMail] = await publishedMailsTo(owner.email);
    expect(firstMail!.text).toContain("Erstquelle");
    expect(firstMail!.text).not.toContain("ist die Kopie");
    expect(copyMail!.text).toContain("Diese Veröffentlichung ist die Kopie");
    expect(copyMail!.text).toContain(`${releaseUrl(first, getSiteHosts())}?src=published&pr=${first.id}`);
  });

  it("a release without a reachable author publishes without a mail", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await db.user.update({ where: { id: owner.id }, data: { isActive: false } });
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
    expect(await publishedMailsTo(owner.email)).toEqual([]);
  });
});
