import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { createCampaign } from "./create-campaign";
import { CampaignStateError, NewsletterSendingDisabledError, NoRecipientsError } from "./errors";
import { resumeCampaign } from "./resume-campaign";
import { sendCampaignBatch } from "./send-campaign-batch";
import { startCampaign } from "./start-campaign";
import type { CampaignInput } from "./schemas";
import { updateCampaign } from "./update-campaign";

const confirmed = new Date("2026-01-01T00:00:00Z");

async function seedSubscribers(
  prefix: string,
  n: number,
  data: { language?: "de" | "en"; portals?: ("business" | "tech")[]; confirmedAt?: Date | null; unsubscribedAt?: Date | null } = {},
) {
  await db.newsletterSubscriber.createMany({
    data: Array.from({ length: n }, (_, i) => ({ email: `${prefix}-${i}@example.test`, confirmedAt: confirmed, ...data })),
  });
}

const draft = (input: Partial<CampaignInput> = {}) =>
  createCampaign({
    input: { subject: "Neuigkeiten", bodyHtml: "<p>Hallo <strong>Welt</strong></p>", filter: {}, ...input },
    actorUserId: null,
  });

beforeAll(() => setLimits({ NEWSLETTER_SENDING_ENABLED: "true", NEWSLETTER_SEND_JOBS: "2" }));
afterAll(() => setLimits({ NEWSLETTER_SENDING_ENABLED: undefined, NEWSLETTER_SEND_JOBS: undefined }));
beforeEach(async () => {
  await db.newsletterCampaign.deleteMany();
  await db.newsletterSubscriber.deleteMany();
  await db.$executeRaw`DELETE FROM job_queue WHERE name = 'newsletter/send'`;
});

describe("startCampaign", () => {
  it("lets exactly one of 20 concurrent starts win; one freeze, every recipient once, one set of jobs", async () => {
    await seedSubscribers("race", 250);
    await seedSubscribers("open", 5, { confirmedAt: null });
    await seedSubscribers("gone", 5, { unsubscribedAt: new Date() });
    const { id } = await draft();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => startCampaign({ campaignId: id, actorUserId: null })));
    const winners = results.filter((r) => r.status === "fulfilled");
    expect(winners).toHaveLength(1);
    expect(winners[0]!.value).toEqual({ recipientCount: 250, jobs: 2 });
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(CampaignStateError);
    const rows = await db.$queryRaw<{ n: number; subscribers: number; pending: number }[]>`
      SELECT count(*)::int AS n, count(DISTINCT subscriber_id)::int AS subscribers, count(*) FILTER (WHERE status = 'pending')::int AS pending
      FROM newsletter_campaign_recipients WHERE campaign_id = ${id}`;
    expect(rows[0]).toEqual({ n: 250, subscribers: 250, pending: 250 });
    expect(await db.newsletterCampaign.findUniqueOrThrow({ where: { id }, select: { status: true, recipientCount: true } })).toEqual({
      status: "sending",
      recipientCount: 250,
    });
    const jobs = await db.$queryRaw<
      { dedupe_key: string }[]
    >`SELECT dedupe_key FROM job_queue WHERE name = 'newsletter/send' ORDER BY dedupe_key`;
    expect(jobs.map((j) => j.dedupe_key)).toEqual([`newsletter/${id}/start/1`, `newsletter/${id}/start/2`]);
  });

  it("freezes only the subscribers the filter selects", async () => {
    const customer = await seedUser();
    await db.newsletterSubscriber.createMany({
      data: [
        { email: "de-both@example.test", language: "de", portals: [], confirmedAt: confirmed },
        { email: "en-both@example.test", language: "en", portals: [], confirmedAt: confirmed },
        { email: "en-tech@example.test", language: "en", portals: ["tech"], confirmedAt: confirmed },
        { email: "en-business@example.test", language: "en", portals: ["business"], confirmedAt: confirmed },
        { email: customer.email, language: "en", portals: ["tech"], confirmedAt: confirmed, userId: customer.id },
      ],
    });
    const frozen = async (filter: CampaignInput["filter"]) => {
      const { id } = await draft({ filter });
      await startCampaign({ campaignId: id, actorUserId: null });
      return (
        await db.newsletterCampaignRecipient.findMany({ where: { campaignId: id }, select: { email: true }, orderBy: { email: "asc" } })
      ).map((r) => r.email);
    };
    expect(await frozen({ language: "en", portals: ["tech"] })).toEqual(
      ["en-both@example.test", "en-tech@example.test", customer.email].sort(),
    );
    expect(await frozen({ language: "en", portals: ["tech"], audience: "readers" })).toEqual([
      "en-both@example.test",
      "en-tech@example.test",
    ]);
    expect(await frozen({ audience: "customers" })).toEqual([customer.email]);
    expect(await frozen({ language: "de" })).toEqual(["de-both@example.test"]);
  });

  it("returns the campaign to draft, without frozen rows, when the freeze fails", async () => {
    await seedSubscribers("fail", 20);
    const { id } = await draft();
    // The freeze's last write fails after the rows went in.
    await db.$executeRawUnsafe(
      `CREATE FUNCTION nl_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER nl_test_refuse BEFORE UPDATE OF recipient_count ON newsletter_campaigns FOR EACH ROW WHEN (NEW.recipient_count > 0) EXECUTE FUNCTION nl_test_refuse()`,
    );
    try {
      await expect(startCampaign({ campaignId: id, actorUserId: null })).rejects.toThrow(/disk full/);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER nl_test_refuse ON newsletter_campaigns`);
      await db.$executeRawUnsafe(`DROP FUNCTION nl_test_refuse()`);
    }
    expect(
      await db.newsletterCampaign.findUniqueOrThrow({ where: { id }, select: { status: true, startedAt: true, recipientCount: true } }),
    ).toEqual({ status: "draft", startedAt: null, recipientCount: 0 });
    expect(await db.newsletterCampaignRecipient.count({ where: { campaignId: id } })).toBe(0);
    expect(await db.$queryRaw`SELECT 1 FROM job_queue WHERE name = 'newsletter/send'`).toEqual([]);
    // Fixed, it starts normally.
    expect((await startCampaign({ campaignId: id, actorUserId: null })).recipientCount).toBe(20);
  });

  it("refuses an empty text and a filter that matches nobody, leaving the draft editable", async () => {
    await seedSubscribers("empty", 3, { language: "de" });
    const empty = await draft({ bodyHtml: "<p></p>" });
    await expect(startCampaign({ campaignId: empty.id, actorUserId: null })).rejects.toBeInstanceOf(CampaignStateError);
    const nobody = await draft({ filter: { language: "en" } });
    await expect(startCampaign({ campaignId: nobody.id, actorUserId: null })).rejects.toBeInstanceOf(NoRecipientsError);
    for (const { id } of [empty, nobody]) expect((await db.newsletterCampaign.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
    await updateCampaign({ campaignId: nobody.id, input: { subject: "Neu", bodyHtml: "<p>Text</p>", filter: { language: "de" } } });
    expect((await startCampaign({ campaignId: nobody.id, actorUserId: null })).recipientCount).toBe(3);
    await expect(
      updateCampaign({ campaignId: nobody.id, input: { subject: "Zu spät", bodyHtml: "<p>x</p>", filter: {} } }),
    ).rejects.toBeInstanceOf(CampaignStateError);
  });

  it("is blocked with start, resume and the send job when NEWSLETTER_SENDING_ENABLED is off", async () => {
    await seedSubscribers("off", 3);
    const { id } = await draft();
    setLimits({ NEWSLETTER_SENDING_ENABLED: "false" });
    try {
      await expect(startCampaign({ campaignId: id, actorUserId: null })).rejects.toBeInstanceOf(NewsletterSendingDisabledError);
      expect((await db.newsletterCampaign.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
      setLimits({ NEWSLETTER_SENDING_ENABLED: "true" });
      await startCampaign({ campaignId: id, actorUserId: null });
      setLimits({ NEWSLETTER_SENDING_ENABLED: "false" });
      await expect(resumeCampaign({ campaignId: id, stuckMinutes: 0 })).rejects.toBeInstanceOf(NewsletterSendingDisabledError);
      await expect(sendCampaignBatch({ campaignId: id })).rejects.toBeInstanceOf(NewsletterSendingDisabledError);
      expect(await db.newsletterCampaignRecipient.count({ where: { campaignId: id, status: "pending" } })).toBe(3);
      expect(await db.localMailboxMessage.count()).toBe(0);
    } finally {
      setLimits({ NEWSLETTER_SENDING_ENABLED: "true" });
    }
  });
});
