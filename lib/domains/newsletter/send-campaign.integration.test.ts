import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { verifyMailRef } from "@/lib/domains/mail/mail-ref";
import { suppressAddress, unsubscribeAddress } from "@/lib/domains/mail/suppression";
import { localMailboxTransport } from "@/lib/domains/mail/transport/local-mailbox-transport";
import { MailSendError, type MailTransport, type WireMessage } from "@/lib/domains/mail/transport";
import { verifyUnsubscribeToken } from "@/lib/domains/mail/unsubscribe-token";
import { setLimits } from "@/tests/limits";
import { claimRecipients } from "./claim-recipients";
import { createCampaign } from "./create-campaign";
import { recordRecipientResult } from "./record-recipient-result";
import { resumeCampaign } from "./resume-campaign";
import { sendCampaignBatch, type SendBatchResult } from "./send-campaign-batch";
import { newsletterSendJob } from "./send-job";
import { startCampaign } from "./start-campaign";

async function startedCampaign(prefix: string, n: number): Promise<number> {
  await db.newsletterSubscriber.createMany({
    data: Array.from({ length: n }, (_, i) => ({ email: `${prefix}-${i}@example.test`, confirmedAt: new Date() })),
  });
  const { id } = await createCampaign({
    input: { subject: "Neu bei Pressdesk", bodyHtml: "<p>Hallo <strong>fett</strong></p>", filter: {} },
    actorUserId: null,
  });
  await startCampaign({ campaignId: id, actorUserId: null });
  return id;
}

/** Local-mailbox deliveries per address: the provider's side of "exactly once". */
async function deliveriesByAddress(): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ to: string; n: number }[]>`SELECT "to", count(*)::int AS n FROM local_mailbox GROUP BY "to"`;
  return new Map(rows.map((r) => [r.to, r.n]));
}

const campaignRow = (id: number) =>
  db.newsletterCampaign.findUniqueOrThrow({
    where: { id },
    select: { status: true, recipientCount: true, sentCount: true, failedCount: true, finishedAt: true },
  });
const statuses = async (id: number) =>
  Object.fromEntries(
    (await db.newsletterCampaignRecipient.groupBy({ by: ["status"], where: { campaignId: id }, _count: { _all: true } })).map((g) => [
      g.status,
      g._count._all,
    ]),
  );

/** The local mailbox, failing as told: `fail(message, n)` returns an error to throw before (or after) the n-th send. */
function scriptedTransport(script: (m: WireMessage, n: number) => { before?: Error; after?: Error } | undefined): MailTransport {
  let n = 0;
  return {
    name: "local",
    async send(message, key) {
      const step = script(message, ++n);
      if (step?.before) throw step.before;
      const sent = await localMailboxTransport.send(message, key);
      if (step?.after) throw step.after;
      return sent;
    },
  };
}

beforeAll(() => setLimits({ NEWSLETTER_SENDING_ENABLED: "true", NEWSLETTER_SEND_RATE_PER_SECOND: "10000", NEWSLETTER_SEND_JOBS: "2" }));
afterAll(() =>
  setLimits({ NEWSLETTER_SENDING_ENABLED: undefined, NEWSLETTER_SEND_RATE_PER_SECOND: undefined, NEWSLETTER_SEND_JOBS: undefined }),
);
beforeEach(async () => {
  await db.newsletterCampaign.deleteMany();
  await db.newsletterSubscriber.deleteMany();
  await db.localMailboxMessage.deleteMany();
  await db.emailSuppression.deleteMany();
});

describe("sending a campaign", () => {
  it("delivers once to each of N subscribers with two jobs at once, with one-click unsubscribe headers", async () => {
    const id = await startedCampaign("bulk", 120);
    const step = { run: <T>(_name: string, fn: () => Promise<T>) => fn() };
    // Small batches, so the two jobs really interleave their claims.
    const runs = (await Promise.all([
      sendCampaignBatch({ campaignId: id, batchSize: 7 }),
      newsletterSendJob.handler({ campaignId: id }, { step, attempt: 1 }),
    ])) as SendBatchResult[];
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(120);
    const byAddress = await deliveriesByAddress();
    expect(byAddress.size).toBe(120);
    expect([...byAddress.values()].every((n) => n === 1)).toBe(true);
    expect(await campaignRow(id)).toMatchObject({
      status: "sent",
      recipientCount: 120,
      sentCount: 120,
      failedCount: 0,
      finishedAt: expect.any(Date),
    });
    expect(await statuses(id)).toEqual({ sent: 120 });

    const mail = await db.localMailboxMessage.findFirstOrThrow({ where: { to: "bulk-7@example.test" } });
    const headers = mail.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(/^<(.+)>$/.exec(headers["List-Unsubscribe"]!)![1]!);
    expect(verifyUnsubscribeToken(oneClick.searchParams.get("t"))).toEqual({ email: "bulk-7@example.test", scope: "newsletter" });
    const recipient = await db.newsletterCampaignRecipient.findFirstOrThrow({ where: { campaignId: id, email: "bulk-7@example.test" } });
    expect(verifyMailRef(headers["X-PD-Ref"], "bulk-7@example.test")).toBe(`n${id}-${recipient.id}`);
    expect(recipient.providerMessageId).toMatch(/^local-\d+$/);
    expect(mail.subject).toBe("Neu bei Pressdesk");
    expect(mail.html).toContain("<strong>fett</strong>");
    // Each recipient's own unsubscribe link, in both parts.
    const visible = /https?:\/\/[^\s"<>]+\/unsubscribe\?t=[A-Za-z0-9_.-]+/.exec(mail.text)![0];
    expect(verifyUnsubscribeToken(new URL(visible).searchParams.get("t"))?.email).toBe("bulk-7@example.test");
    expect(mail.html).toContain(visible);
  });

  it("marks a suppressed subscriber suppressed without counting it, and still completes", async () => {
    const id = await startedCampaign("supp", 5);
    await suppressAddress({ email: "supp-1@example.test", state: "hard_bounce", reason: "test" });
    await unsubscribeAddress({ email: "supp-3@example.test", scope: "newsletter" });
    await sendCampaignBatch({ campaignId: id });
    expect(await statuses(id)).toEqual({ sent: 3, suppressed: 2 });
    expect(await campaignRow(id)).toMatchObject({ status: "sent", recipientCount: 5, sentCount: 3, failedCount: 0 });
    const byAddress = await deliveriesByAddress();
    expect(byAddress.has("supp-1@example.test") || byAddress.has("supp-3@example.test")).toBe(false);
  });

  it("after a crash mid-send, resume plus another run reaches every recipient exactly once", async () => {
    const id = await startedCampaign("crash", 30);
    // The 10th mail is accepted by the provider, then the process dies before recording it.
    const crashing = scriptedTransport((_m, n) => (n === 10 ? { after: new Error("worker killed") } : undefined));
    await expect(sendCampaignBatch({ campaignId: id, transport: crashing })).rejects.toThrow("worker killed");
    expect(await statuses(id)).toEqual({ sent: 9, sending: 21 });
    expect(await db.localMailboxMessage.count()).toBe(10);

    // Fresh claims are not stuck yet; a run without resume finds nothing to claim.
    expect((await resumeCampaign({ campaignId: id })).released).toBe(0);
    expect((await sendCampaignBatch({ campaignId: id })).sent).toBe(0);
    expect((await campaignRow(id)).status).toBe("sending");

    const resumed = await resumeCampaign({ campaignId: id, stuckMinutes: 0 });
    expect(resumed).toMatchObject({ released: 21, retried: 0, jobs: 2, returnedToDraft: false });
    expect((await sendCampaignBatch({ campaignId: id })).sent).toBe(21);
    const byAddress = await deliveriesByAddress();
    expect(byAddress.size).toBe(30);
    expect([...byAddress.values()].every((n) => n === 1)).toBe(true);
    expect(await campaignRow(id)).toMatchObject({ status: "sent", sentCount: 30, failedCount: 0 });
  });

  it("gives claims back on a transient failure, and retries permanent failures with --failed", async () => {
    const id = await startedCampaign("flaky", 12);
    const transport = scriptedTransport((m) => {
      if (m.to === "flaky-2@example.test") return { before: new MailSendError("permanent", "provider 422 invalid recipient", 422) };
      if (m.to === "flaky-6@example.test") return { before: new MailSendError("transient", "provider 503", 503) };
      return undefined;
    });
    const run = await sendCampaignBatch({ campaignId: id, transport });
    expect(run).toMatchObject({ outcome: "paused", reason: "transient", failed: 1 });
    expect(await campaignRow(id)).toMatchObject({ status: "sending", failedCount: 1 });
    const released = await db.newsletterCampaignRecipient.findFirstOrThrow({ where: { campaignId: id, email: "flaky-6@example.test" } });
    expect(released).toMatchObject({ status: "pending", claimedAt: null });

    // While the campaign still runs, --failed puts the failed one back with its counter.
    expect(await resumeCampaign({ campaignId: id, failed: true })).toMatchObject({ released: 0, retried: 1, jobs: 2 });
    expect(await campaignRow(id)).toMatchObject({ status: "sending", failedCount: 0 });
    await sendCampaignBatch({ campaignId: id });
    expect(await campaignRow(id)).toMatchObject({ status: "sent", sentCount: 12, failedCount: 0 });
    expect([...(await deliveriesByAddress()).values()].every((n) => n === 1)).toBe(true);
    await expect(resumeCampaign({ campaignId: id })).rejects.toThrow(/Only a campaign that is sending/);
  });

  it("pauses while the mail circuit is open; the send job fails its step so the runner retries", async () => {
    const id = await startedCampaign("circuit", 4);
    await db.$executeRaw`INSERT INTO mail_circuit (id, opened_at, open_until, updated_at) VALUES (1, now(), now() + interval '5 minutes', now())
      ON CONFLICT (id) DO UPDATE SET open_until = EXCLUDED.open_until`;
    try {
      const step = { run: <T>(_name: string, fn: () => Promise<T>) => fn() };
      await expect(newsletterSendJob.handler({ campaignId: id }, { step, attempt: 1 })).rejects.toThrow(/paused: circuit open/);
      expect(await statuses(id)).toEqual({ pending: 4 });
    } finally {
      await db.$executeRaw`UPDATE mail_circuit SET open_until = now() WHERE id = 1`;
    }
    const step = { run: <T>(_name: string, fn: () => Promise<T>) => fn() };
    await expect(newsletterSendJob.handler({ campaignId: id }, { step, attempt: 2 })).resolves.toMatchObject({ outcome: "done", sent: 4 });
  });

  it("completes the campaign when its last two recipients finish in two jobs at the same moment", async () => {
    for (let round = 0; round < 15; round++) {
      await db.newsletterCampaign.deleteMany();
      await db.newsletterSubscriber.deleteMany();
      const id = await startedCampaign(`last-${round}`, 2);
      const [a] = await claimRecipients(id, 1);
      const [b] = await claimRecipients(id, 1);
      await Promise.all([
        recordRecipientResult(id, a!, { status: "sent", providerMessageId: "x" }),
        recordRecipientResult(id, b!, { status: "suppressed" }),
      ]);
      expect(await campaignRow(id)).toMatchObject({ status: "sent", sentCount: 1 });
    }
  });

  it("stops at the time budget and gives the rest of the batch back", async () => {
    const id = await startedCampaign("budget", 10);
    const run = await sendCampaignBatch({ campaignId: id, timeBudgetMs: 0 });
    expect(run).toMatchObject({ outcome: "budget", sent: 0 });
    expect(await statuses(id)).toEqual({ pending: 10 });
  });
});
