import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { runCommand as run } from "./console-run";
import { seedCompany, seedRelease } from "./factories";

// The receipts' console commands as an operator runs them (docs/operations.md).

const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("receipt console commands", () => {
  it("press-releases:issue-receipts gives a release published before receipts one, and a second run none", async () => {
    const old = await seedRelease({
      companyId: (await seedCompany()).id,
      status: "published",
      publishedAt: ago(3),
      publishedEverAt: ago(3),
    });
    const r = await run("press-releases:issue-receipts", "--batch=50");
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^issued [1-9]\d* receipts, 0 releases/)]);
    expect(await db.publicationReceipt.count({ where: { pressReleaseId: old.id } })).toBe(1);
    expect((await run("press-releases:issue-receipts")).out[0]).toMatch(/^issued 0 receipts/);
    expect((await run("press-releases:issue-receipts", "--limit=0")).code).toBe(2);
  });

  it("receipts:rotate-key retires the current key and names the next", async () => {
    const first = await run("receipts:rotate-key");
    const current = /^current key (\S+)$/.exec(first.out.at(-1)!)![1]!;
    const second = await run("receipts:rotate-key");
    expect([second.code, second.out]).toEqual([0, [`retired key ${current}`, expect.stringMatching(/^current key \S+$/)]]);
    expect(await db.receiptSigningKey.count({ where: { retiredAt: null } })).toBe(1);
    expect((await db.receiptSigningKey.findUniqueOrThrow({ where: { kid: current } })).retiredAt).not.toBeNull();
  });
});
