import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { applyUnsubscribe } from "@/lib/domains/mail/unsubscribe";
import { signUnsubscribeToken } from "@/lib/domains/mail/unsubscribe-token";
import { seedUser } from "@/tests/factories";
import { confirmNewsletterSignup } from "./confirm-newsletter-signup";
import { NewsletterConfirmLinkInvalidError } from "./errors";
import { CONFIRM_RESEND_COOLDOWN_MINUTES, requestNewsletterSignup } from "./request-newsletter-signup";

const confirmMails = (to: string) => db.mailOutbox.findMany({ where: { to, mailType: "newsletter_confirm" }, orderBy: { id: "asc" } });

/** The token of the newest confirmation mail, read from its link as the recipient would. */
async function tokenFromMail(to: string): Promise<{ token: string; path: string }> {
  const mail = (await confirmMails(to)).at(-1)!;
  const url = new URL(/https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text)![0]);
  return { token: url.pathname.split("/").at(-1)!, path: url.pathname };
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeEach(async () => {
  await db.newsletterCampaign.deleteMany();
  await db.newsletterSubscriber.deleteMany();
  await db.emailSuppression.deleteMany();
});

describe("newsletter sign-up (double opt-in)", () => {
  it("stores a pending subscription with only the token's hash, mails the link and logs the intake", async () => {
    await requestNewsletterSignup({ email: "  Leserin@Example.TEST ", language: "en", portals: ["tech", "tech"] });
    const sub = await db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "leserin@example.test" } });
    expect(sub).toMatchObject({ language: "en", portals: ["tech"], confirmedAt: null, userId: null });
    const { token, path } = await tokenFromMail("leserin@example.test");
    expect(path).toBe(`/newsletter/en/confirm/${token}`);
    expect(sub.confirmTokenHash).toBe(sha256(token));
    expect(sub.confirmExpiresAt!.getTime() - Date.now()).toBeGreaterThan(47.9 * 3_600_000);
    const [mail] = await confirmMails("leserin@example.test");
    expect(mail!.subject).toBe("Please confirm your newsletter subscription");
    expect(await db.activityLog.count({ where: { type: ACTIVITY.formIntake, path: "newsletter_signup", subjectId: String(sub.id) } })).toBe(
      1,
    );
  });

  it("confirms only by the link's token, once, and not after 48 hours", async () => {
    await requestNewsletterSignup({ email: "a@example.test", language: "de", portals: [] });
    const { token } = await tokenFromMail("a@example.test");
    await expect(confirmNewsletterSignup({ token, now: later(48 * 60 + 1) })).rejects.toBeInstanceOf(NewsletterConfirmLinkInvalidError);
    await expect(confirmNewsletterSignup({ token: "not-a-token" })).rejects.toBeInstanceOf(NewsletterConfirmLinkInvalidError);
    const both = await Promise.allSettled([confirmNewsletterSignup({ token }), confirmNewsletterSignup({ token })]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "a@example.test" } })).toMatchObject({
      confirmedAt: expect.any(Date),
      confirmTokenHash: null,
      unsubscribedAt: null,
    });
  });

  it("answers alike but sends no second mail to a confirmed address, nor within the cool-down, and keeps the settings", async () => {
    await requestNewsletterSignup({ email: "b@example.test", language: "de", portals: ["business"] });
    await requestNewsletterSignup({ email: "b@example.test", language: "de", portals: [] });
    expect(await confirmMails("b@example.test")).toHaveLength(1);
    await requestNewsletterSignup({
      email: "b@example.test",
      language: "en",
      portals: [],
      now: later(CONFIRM_RESEND_COOLDOWN_MINUTES + 1),
    });
    expect(await confirmMails("b@example.test")).toHaveLength(2);
    await confirmNewsletterSignup({ token: (await tokenFromMail("b@example.test")).token });
    await requestNewsletterSignup({ email: "b@example.test", language: "de", portals: ["tech"], now: later(60) });
    expect(await confirmMails("b@example.test")).toHaveLength(2);
    expect(await db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "b@example.test" } })).toMatchObject({
      language: "en",
      portals: [],
    });
  });

  it("links the account of the same address", async () => {
    const user = await seedUser({ email: "kunde@example.test" });
    await requestNewsletterSignup({ email: "KUNDE@example.test", language: "de", portals: [] });
    await confirmNewsletterSignup({ token: (await tokenFromMail("kunde@example.test")).token });
    expect((await db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "kunde@example.test" } })).userId).toBe(user.id);
  });

  it("lets an unsubscribed reader come back: a new double opt-in lifts the newsletter opt-out, nothing else", async () => {
    await requestNewsletterSignup({ email: "c@example.test", language: "de", portals: [] });
    await confirmNewsletterSignup({ token: (await tokenFromMail("c@example.test")).token });
    await applyUnsubscribe(signUnsubscribeToken("c@example.test", "newsletter"));
    await applyUnsubscribe(signUnsubscribeToken("c@example.test", "published"));
    expect((await db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "c@example.test" } })).unsubscribedAt).not.toBeNull();
    await requestNewsletterSignup({ email: "c@example.test", language: "de", portals: [] });
    expect(await confirmMails("c@example.test")).toHaveLength(2);
    await confirmNewsletterSignup({ token: (await tokenFromMail("c@example.test")).token });
    expect((await db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "c@example.test" } })).unsubscribedAt).toBeNull();
    expect(await db.emailSuppression.findUnique({ where: { email: "c@example.test" }, select: { state: true, mailTypes: true } })).toEqual({
      state: "unsubscribed",
      mailTypes: ["published"],
    });
  });

  it("refuses a malformed address", async () => {
    await expect(requestNewsletterSignup({ email: "kein-at-zeichen", language: "de", portals: [] })).rejects.toThrow();
    expect(await db.newsletterSubscriber.count()).toBe(0);
  });
});
