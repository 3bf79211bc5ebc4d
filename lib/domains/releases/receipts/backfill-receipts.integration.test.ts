import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease } from "@/tests/factories";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { KI } from "../history";
import { publishRelease } from "../publish-release";
import { backfillReceipts } from "./backfill-receipts";
import { payloadOfIssued } from "./envelope";
import { verifyReceipt } from "./verify-receipt";

// press-releases:issue-receipts: every release published before receipts existed gets one,
// describing its state now; run twice, or twice at once, it issues each one once.

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("backfilling receipts", () => {
  it("gives every release ever published and without a receipt one receipt of its current state, once", async () => {
    const company = await seedCompany();
    const published = await seedRelease({ companyId: company.id, status: "published", publishedAt: ago(3), publishedEverAt: ago(3) });
    const archived = await seedRelease({ companyId: company.id, status: "archived", publishedAt: ago(9), publishedEverAt: ago(9) });
    const gone = await seedRelease({
      companyId: company.id,
      status: "published",
      publishedAt: ago(5),
      publishedEverAt: ago(5),
      goneAt: ago(1),
      noExport: true,
    });
    const deleted = await seedRelease({
      companyId: company.id,
      status: "depublished",
      publishedAt: ago(20),
      publishedEverAt: ago(20),
      deletedAt: ago(2),
    });
    const draft = await seedRelease({ companyId: company.id });
    // Published the usual way: it has its receipt already.
    const { owner, company: newsroom } = await seedNewsroom();
    const fresh = await seedCheckedRelease(newsroom.id, owner.id);
    await publishRelease({ releaseId: fresh.id, actor: KI });

    // Two runs at once, in small batches: each release is locked and asked again.
    const [a, b] = await Promise.all([backfillReceipts({ batch: 2 }), backfillReceipts({ batch: 2 })]);
    expect([...a.issued, ...b.issued].sort((x, y) => x - y)).toEqual([published.id, archived.id, gone.id, deleted.id]);

    const receipts = await db.publicationReceipt.findMany({
      where: { pressReleaseId: { in: [published.id, archived.id, gone.id, deleted.id, draft.id, fresh.id] } },
    });
    const byRelease = new Map(receipts.map((r) => [r.pressReleaseId, r]));
    expect(receipts).toHaveLength(5);
    expect(byRelease.has(draft.id)).toBe(false);
    expect(byRelease.get(fresh.id)!.event).toBe("published");
    expect(payloadOfIssued(byRelease.get(fresh.id)!.jws).backfilled).toBeUndefined();

    expect([published, archived, gone, deleted].map((r) => byRelease.get(r.id)!.event)).toEqual([
      "published",
      "archived",
      "removed",
      "deleted",
    ]);
    const statement = payloadOfIssued(byRelease.get(published.id)!.jws);
    expect(statement).toMatchObject({
      backfilled: true,
      sequence: 1,
      published_at: published.publishedAt!.toISOString(),
      check: { outcome: "none" },
      approval: { by: "not_recorded" },
      // Listed in the feed since its publication; out of the news sitemap's 48 hours.
      feed: { listed_from: published.publishedAt!.toISOString() },
      news_sitemap: null,
      state: { public: true, listed: true },
    });
    expect(payloadOfIssued(byRelease.get(gone.id)!.jws)).toMatchObject({ feed: null, state: { public: false, gone: true } });
    for (const r of receipts) expect(await verifyReceipt(r.jws)).toMatchObject({ valid: true });

    // Nothing left to do: a third run issues nothing.
    expect(await backfillReceipts()).toEqual({ issued: [], skipped: 0 });
  });

  it("stops at its limit and goes on where the next run starts", async () => {
    const company = await seedCompany();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await seedRelease({ companyId: company.id, status: "published", publishedAt: ago(1), publishedEverAt: ago(1) })).id);
    const first = await backfillReceipts({ limit: 2, batch: 5 });
    expect(first.issued).toHaveLength(2);
    const second = await backfillReceipts({ limit: 2 });
    expect([...first.issued, ...second.issued].filter((id) => ids.includes(id))).toHaveLength(3);
  });
});
