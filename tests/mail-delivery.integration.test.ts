import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { claimDueMail, releaseStaleMailClaims } from "@/lib/domains/mail/delivery/claim-outbox";
import { deliverDueMail, deliverMailById } from "@/lib/domains/mail/delivery/deliver-mail";
import { verifyMailRef } from "@/lib/domains/mail/mail-ref";
import { applyMessageSending } from "@/lib/domains/mail/message-sending";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { suppressAddress } from "@/lib/domains/mail/suppression";
import { verifyUnsubscribeToken } from "@/lib/domains/mail/unsubscribe-token";
import { setLimits } from "./limits";
import { FakeResend } from "./mail/fake-resend";

const provider = new FakeResend({ seed: 42 });

beforeAll(async () => {
  const url = await provider.start();
  // The real SDK against the local provider; retries due at once so the test runs in seconds.
  setLimits({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: url, MAIL_RETRY_BASE_SECONDS: "0", MAIL_CLAIM_TIMEOUT_S: "5" });
});
afterAll(() => provider.stop());

async function queue(n: number, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      (
        await sendMail({
          to: `${prefix}${i}@example.com`,
          subject: `Mail ${i}`,
          text: `Text ${i}`,
          html: `<p>Text ${i}</p>`,
          mailType: "login_link",
        })
      ).id,
    );
  return ids;
}

async function deliverUntilDone(workers: number): Promise<void> {
  for (let round = 0; round < 200; round++) {
    if ((await db.mailOutbox.count({ where: { status: { in: ["queued", "sending"] } } })) === 0) return;
    await Promise.all(Array.from({ length: workers }, () => deliverDueMail({ budgetMs: 10_000 })));
  }
  throw new Error("mail still waiting after 200 rounds");
}

function killWorkerAfter(requests: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const start = provider.requests;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/mail/delivery-worker.ts"], { env: process.env, stdio: "ignore" });
    provider.onRequest = (n) => {
      if (n - start >= requests) child.kill("SIGKILL");
    };
    child.on("exit", (_code, signal) => {
      provider.onRequest = null;
      if (signal === "SIGKILL") resolve();
      else reject(new Error(`worker ended before it was killed (${provider.requests - start} requests)`));
    });
  });
}

describe("delivery through the provider", () => {
  it("delivers 1,000 mails exactly once with the provider failing 30 % of calls and a worker killed mid-batch", async () => {
    // With 30 % failures, six in a row (1 + 5 retries) happen to ~1 in 1,400 mails: this test is
    // about loss and doubling, so it allows more tries; the retry limit has its own test below.
    setLimits({ MAIL_MAX_RETRIES: "20" });
    const ids = await queue(1000, "bulk");
    provider.failRate = 0.3;
    await killWorkerAfter(150);
    const stranded = await db.mailOutbox.count({ where: { status: "sending" } });
    expect(stranded).toBeGreaterThan(0);
    // The dead worker's claims come back after the claim timeout (here: at once, no one else runs).
    expect(await releaseStaleMailClaims(0)).toBe(stranded);
    await deliverUntilDone(3);
    provider.failRate = 0;

    const rows = await db.mailOutbox.findMany({
      where: { id: { in: ids } },
      select: { id: true, to: true, status: true, providerMessageId: true },
    });
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    const perAddress = new Map<string, number>();
    for (const m of provider.delivered) for (const to of m.body.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    for (const r of rows) {
      expect(perAddress.get(r.to)).toBe(1);
      // The id kept is the provider's id of the one delivery.
      expect(r.providerMessageId).toBe(provider.deliveredTo(r.to)[0]!.id);
    }
    expect(provider.requests).toBeGreaterThan(1000);
  }, 120_000);

  it("gives up after 5 retries and keeps the reason", async () => {
    setLimits({ MAIL_MAX_RETRIES: "5" });
    const [id] = await queue(1, "down");
    provider.forceStatus = 503;
    try {
      for (let i = 0; i < 10; i++) await deliverDueMail({ budgetMs: 5_000 });
    } finally {
      provider.forceStatus = null;
    }
    const row = await db.mailOutbox.findUniqueOrThrow({ where: { id: id! } });
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(6);
    expect(row.lastError).toContain("503");
  });

  it("puts the signed reference, return path and one-click unsubscribe on the wire; a suppressed address receives nothing", async () => {
    setLimits({ MAIL_RETURN_PATH: "bounces@pressdesk.localhost" });
    const { id } = await sendMail({
      to: "Author@Example.com",
      subject: "Veröffentlicht",
      text: "t",
      html: "<p>t</p>",
      mailType: "published",
    });
    expect(await deliverMailById(id)).toBe("sent");
    const [wire] = provider.deliveredTo("author@example.com");
    const headers = wire!.body.headers!;
    expect(verifyMailRef(headers["X-PD-Ref"], "author@example.com")).toBe(`o${id}`);
    expect(verifyMailRef(headers["X-PD-Ref"], "someone-else@example.com")).toBeNull();
    // The return path is set by the MessageSending step; Resend takes it from the domain's settings.
    expect(headers["Return-Path"]).toBeUndefined();
    const prepared = await applyMessageSending({
      to: "author@example.com",
      subject: "s",
      html: "h",
      text: "t",
      mailType: "published",
      ref: "o1",
    });
    expect(!prepared.suppressed && prepared.message.headers["Return-Path"]).toBe("bounces@pressdesk.localhost");
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const token = new URL(/^<(.+)>$/.exec(headers["List-Unsubscribe"]!)![1]!).searchParams.get("t");
    expect(verifyUnsubscribeToken(token)).toEqual({ email: "author@example.com", scope: "published" });

    // A login link is transactional: no unsubscribe header.
    const login = await sendMail({ to: "author@example.com", subject: "Login", text: "t", html: "<p>t</p>", mailType: "login_link" });
    await deliverMailById(login.id);
    expect(provider.deliveredTo("author@example.com").at(-1)!.body.headers!["List-Unsubscribe"]).toBeUndefined();

    await suppressAddress({ email: "gone@example.com", state: "hard_bounce", reason: "5.1.1" });
    const blocked = await sendMail({ to: "gone@example.com", subject: "x", text: "t", html: "<p>t</p>", mailType: "login_link" });
    expect(await deliverMailById(blocked.id)).toBe("suppressed");
    expect(provider.deliveredTo("gone@example.com")).toHaveLength(0);
  });

  it("waits for the queuing transaction to commit, and skips one that rolled back", async () => {
    const { delivery } = await db.$transaction(async (tx) => {
      const { id } = await sendMail({ to: "late@example.com", subject: "x", text: "t", html: "<p>t</p>", mailType: "login_link" }, tx);
      // The delivery request arrives while the transaction is still open, and commits later.
      const pending = deliverMailById(id);
      await new Promise((r) => setTimeout(r, 300));
      return { delivery: pending };
    });
    expect(await delivery).toBe("sent");
    expect(provider.deliveredTo("late@example.com")).toHaveLength(1);

    let rolledBack = 0;
    await db
      .$transaction(async (tx) => {
        rolledBack = (await sendMail({ to: "never@example.com", subject: "x", text: "t", html: "<p>t</p>", mailType: "login_link" }, tx))
          .id;
        throw new Error("business change failed");
      })
      .catch(() => {});
    expect(await deliverMailById(rolledBack)).toBe("skipped");
    expect(provider.deliveredTo("never@example.com")).toHaveLength(0);
  });

  it("lets two workers claim disjoint rows", async () => {
    const queued = await queue(40, "split");
    const [a, b] = await Promise.all([claimDueMail(30), claimDueMail(30)]);
    const ids = [...a, ...b].map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(queued.every((id) => ids.includes(id))).toBe(true);
    await releaseStaleMailClaims(0);
    await deliverUntilDone(2);
  });
});
