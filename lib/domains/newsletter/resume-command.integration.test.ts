import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterResumeCommand } from "@/lib/adapters/console/newsletter-commands";
import { parseArgs } from "@/lib/adapters/console/registry";
import { db } from "@/lib/core/db/client";
import { setLimits } from "@/tests/limits";
import { createCampaign } from "./create-campaign";
import { startCampaign } from "./start-campaign";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await newsletterResumeCommand.run(parseArgs(argv), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

beforeAll(() => setLimits({ NEWSLETTER_SENDING_ENABLED: "true" }));
afterAll(() => setLimits({ NEWSLETTER_SENDING_ENABLED: undefined }));

describe("newsletter:resume", () => {
  it("prints its usage with --help", async () => {
    const r = await run("--help");
    expect(r.code).toBe(0);
    expect(r.out).toContain("newsletter:resume {campaign} [--failed] [--stuck-minutes=30]");
  });

  it("exits 2 on a wrong call", async () => {
    for (const argv of [
      [],
      ["abc"],
      ["1", "2"],
      ["1", "--stuck-minutes=soon"],
      ["1", "--stuck-minutes"],
      ["1", "--failed=yes"],
      ["1", "--force"],
      ["999999"],
    ]) {
      expect((await run(...argv)).code, argv.join(" ")).toBe(2);
    }
  });

  it("exits 1 when the campaign is not sending or sending is switched off, 0 when it resumed", async () => {
    await db.newsletterSubscriber.create({ data: { email: "cli@example.test", confirmedAt: new Date() } });
    const { id } = await createCampaign({ input: { subject: "CLI", bodyHtml: "<p>Text</p>", filter: {} }, actorUserId: null });
    expect((await run(String(id))).code).toBe(1);
    await startCampaign({ campaignId: id, actorUserId: null });
    await db.newsletterCampaignRecipient.updateMany({
      where: { campaignId: id },
      data: { status: "sending", claimedAt: new Date(Date.now() - 45 * 60_000) },
    });
    setLimits({ NEWSLETTER_SENDING_ENABLED: "false" });
    const off = await run(String(id));
    setLimits({ NEWSLETTER_SENDING_ENABLED: "true" });
    expect(off.code).toBe(1);
    expect(off.err).toContain("NEWSLETTER_SENDING_ENABLED");
    const ok = await run(String(id), "--failed");
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/released 1 stuck claims, retrying 0 failed, enqueued \d+ send jobs/);
    expect((await db.newsletterCampaignRecipient.findFirstOrThrow({ where: { campaignId: id } })).status).toBe("pending");
  });
});
