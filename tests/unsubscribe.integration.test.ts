import { describe, expect, it } from "vitest";
import { POST, GET } from "@/app/api/unsubscribe/route";
import { db } from "@/lib/core/db/client";
import { applyMessageSending } from "@/lib/domains/mail/message-sending";
import { blocksMail, findSuppression, suppressAddress } from "@/lib/domains/mail/suppression";
import { signUnsubscribeToken } from "@/lib/domains/mail/unsubscribe-token";

const oneClick = (token: string) =>
  POST(
    new Request(`http://hub.localhost/api/unsubscribe?t=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    }),
  );

describe("one-click unsubscribe (RFC 8058)", () => {
  it("unsubscribes by the signed token alone, without cookies, once however often it is sent", async () => {
    const token = signUnsubscribeToken("reader@example.com", "newsletter");
    await db.newsletterSubscriber.create({ data: { email: "reader@example.com", confirmedAt: new Date() } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => oneClick(token)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const row = await db.emailSuppression.findUniqueOrThrow({ where: { email: "reader@example.com" } });
    expect(row).toMatchObject({ state: "unsubscribed", mailTypes: ["newsletter"] });
    expect((await db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "reader@example.com" } })).unsubscribedAt).not.toBeNull();
  });

  it("stops only what it covers: a newsletter opt-out keeps login links and publication notices coming", async () => {
    await oneClick(signUnsubscribeToken("author@example.com", "newsletter"));
    const s = await findSuppression("author@example.com");
    expect(blocksMail(s, "newsletter")).toBe(true);
    expect(blocksMail(s, "login_link")).toBe(false);
    expect(blocksMail(s, "published")).toBe(false);
    await oneClick(signUnsubscribeToken("author@example.com", "published"));
    expect(blocksMail(await findSuppression("author@example.com"), "published")).toBe(true);
    const prepared = await applyMessageSending({
      to: "author@example.com",
      subject: "s",
      html: "h",
      text: "t",
      mailType: "login_link",
      ref: "o1",
    });
    expect(prepared.suppressed).toBe(false);
  });

  it("never weakens a hard bounce", async () => {
    await suppressAddress({ email: "dead@example.com", state: "hard_bounce", reason: "5.1.1" });
    await oneClick(signUnsubscribeToken("dead@example.com", "newsletter"));
    const s = await findSuppression("dead@example.com");
    expect(s?.state).toBe("hard_bounce");
    expect(blocksMail(s, "login_link")).toBe(true);
  });

  it("refuses a forged or altered token (attacker unsubscribing someone else)", async () => {
    const mine = signUnsubscribeToken("attacker@example.com", "newsletter");
    const [body] = mine.split(".");
    const victimBody = Buffer.from(JSON.stringify({ e: "victim@example.com", s: "newsletter" })).toString("base64url");
    for (const forged of [`${victimBody}.${mine.split(".")[1]}`, `${body}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, "x", ""]) {
      const res = await oneClick(forged);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBeTruthy();
    }
    expect(await findSuppression("victim@example.com")).toBeNull();
  });

  it("sends a person who opens the header link to the page with the button", async () => {
    const res = await GET(new Request(`http://hub.localhost/api/unsubscribe?t=${signUnsubscribeToken("a@example.com", "rejected")}`));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/\/unsubscribe\?t=/);
    expect(await findSuppression("a@example.com")).toBeNull();
  });
});
