import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { createLoginLink, redeemLoginLink, sendLoginLinkMail } from "@/lib/domains/accounts/login-links";
import { mailsTo, storedRows, tokenIn } from "@/tests/login-link-helpers";
import { db } from "@/lib/core/db/client";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { seedUser, unique } from "@/tests/factories";
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from "./index";

const MINUTE = 60_000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const newAddress = () => `${unique("new")}@example.test`;
const CONFIRM_PATH = "/account/email/confirm";
const linkInvalid = expect.objectContaining({ name: "EmailChangeLinkInvalidError", code: "gone" });
const fieldError = expect.objectContaining({ code: "validation_failed", issues: [expect.objectContaining({ path: "newEmail" })] });

/** Requests a change and returns the token from the mail to the new address. */
async function requestAndReadToken(userId: number, newEmail: string, now?: Date): Promise<string> {
  await requestEmailChange({ userId, newEmail, ...(now ? { now } : {}) });
  const mails = await mailsTo(newEmail.trim().toLowerCase());
  return tokenIn(mails.at(-1)!.text, CONFIRM_PATH);
}

const userRow = (id: number) => db.user.findUniqueOrThrow({ where: { id } });

describe("requestEmailChange", () => {
  it("makes the new address pending, mails it the link and tells the current address", async () => {
    const user = await seedUser({ locale: "de" });
    const now = new Date();
    const typed = ` New.Person-${unique("x")}@Example.TEST `;
    const expected = typed.trim().toLowerCase();

    const result = await requestEmailChange({ userId: user.id, newEmail: typed, now });

    expect(result).toEqual({ pendingEmail: expected, expiresAt: new Date(now.getTime() + 60 * MINUTE) });
    const [confirm] = await mailsTo(expected);
    expect(confirm).toMatchObject({ mailType: "email_change_confirm", status: "queued" });
    const token = tokenIn(confirm!.text, CONFIRM_PATH);
    expect(confirm!.html).toContain(`${siteOrigin("hub", getSiteHosts())}${CONFIRM_PATH}/${token}`);

    const notices = await mailsTo(user.email);
    expect(notices).toEqual([expect.objectContaining({ mailType: "email_change_requested" })]);
    // The new address only partly, and never the link.
    expect(notices[0]!.text).toContain("n***@e***.test");
    expect(notices[0]!.text + notices[0]!.html).not.toContain(expected);
    expect(notices[0]!.text + notices[0]!.html).not.toContain(token);

    // The account keeps its address until the new one confirms.
    expect(await userRow(user.id)).toMatchObject({
      email: user.email,
      pendingEmail: expected,
      pendingEmailTokenHash: sha256(token),
      pendingEmailExpiresAt: result.expiresAt,
      emailVerifiedAt: user.emailVerifiedAt,
    });
  });

  it("refuses an invalid address, the current address and one of another account", async () => {
    const user = await seedUser();
    const other = await seedUser();
    for (const newEmail of ["not an address", "", "a@b", ` ${user.email.toUpperCase()} `, other.email, ` ${other.email.toUpperCase()}`]) {
      await expect(requestEmailChange({ userId: user.id, newEmail })).rejects.toEqual(fieldError);
    }
    expect(await userRow(user.id)).toMatchObject({ email: user.email, pendingEmail: null, pendingEmailTokenHash: null });
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("sends confirmations to at most three new addresses an hour, one pending at a time, however fresh the proof", async () => {
    const user = await seedUser();
    const addresses = Array.from({ length: 5 }, () => newAddress());
    const outcomes = [];
    for (const newEmail of addresses)
      outcomes.push(
        await requestEmailChange({ userId: user.id, newEmail }).then(
          () => "sent",
          (e: { code: string }) => e.code,
        ),
      );
    expect(outcomes).toEqual(["sent", "sent", "sent", "rate_limited", "rate_limited"]);
    expect(await db.mailOutbox.count({ where: { to: { in: addresses }, mailType: "email_change_confirm" } })).toBe(3);
    // Only the newest is pending.
    expect((await userRow(user.id)).pendingEmail).toBe(addresses[2]);
  });

  it("answers whether an address has an account no more often than it sends confirmations", async () => {
    const user = await seedUser();
    const taken = await Promise.all(Array.from({ length: 5 }, () => seedUser()));
    const outcomes = [];
    for (const other of taken)
      outcomes.push(
        await requestEmailChange({ userId: user.id, newEmail: other.email }).then(
          () => "sent",
          (e: { code: string }) => e.code,
        ),
      );
    expect(outcomes.slice(3)).toEqual(["rate_limited", "rate_limited"]);
  });

  it("refuses unknown, inactive and deleted accounts", async () => {
    const inactive = await seedUser({ isActive: false });
    const deleted = await seedUser({ deletedAt: new Date() });
    for (const userId of [2_000_000_000, inactive.id, deleted.id]) {
      await expect(requestEmailChange({ userId, newEmail: newAddress() })).rejects.toMatchObject({ code: "not_found" });
    }
  });
});

describe("confirmEmailChange", () => {
  it("swaps the address, marks it verified, and the old address no longer finds the account", async () => {
    const user = await seedUser({ locale: "en" });
    const newEmail = newAddress();
    const token = await requestAndReadToken(user.id, newEmail);
    const openLink = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    const now = new Date();

    await expect(confirmEmailChange({ token, now })).resolves.toEqual({ userId: user.id, previousEmail: user.email, email: newEmail });

    expect(await userRow(user.id)).toMatchObject({
      email: newEmail,
      emailVerifiedAt: now,
      pendingEmail: null,
      pendingEmailTokenHash: null,
      pendingEmailExpiresAt: null,
    });
    expect(await db.user.findUnique({ where: { email: user.email } })).toBeNull();
    // The previous address is told, and can no longer ask for a login link.
    const notices = await mailsTo(user.email);
    expect(notices.map((m) => m.mailType)).toEqual(["email_change_requested", "email_changed"]);
    expect(notices[1]!.subject).toBe("Your e-mail address was changed");
    await sendLoginLinkMail({ email: user.email });
    expect(await mailsTo(user.email)).toHaveLength(2);
    await sendLoginLinkMail({ email: newEmail });
    expect((await mailsTo(newEmail)).map((m) => m.mailType)).toEqual(["email_change_confirm", "login_link"]);
    // A link sitting in the old mailbox no longer signs in.
    await expect(redeemLoginLink({ token: openLink.token, purpose: "login" })).rejects.toMatchObject({ reason: "expired" });

    expect(await db.activityLog.findMany({ where: { type: ACTIVITY.userEmailChanged, subjectId: String(user.id) } })).toEqual([
      expect.objectContaining({
        actorUserId: user.id,
        subjectType: "user",
        metadata: { previousEmail: expect.stringContaining("***"), email: expect.stringContaining("***") },
      }),
    ]);
    // One use.
    await expect(confirmEmailChange({ token })).rejects.toEqual(linkInvalid);
  });

  it("refuses unknown and malformed tokens with one message", async () => {
    const errors = await Promise.all(
      [Buffer.alloc(32, 9).toString("base64url"), "garbage", ""].map((token) =>
        confirmEmailChange({ token }).then(
          () => {
            throw new Error("expected a refusal");
          },
          (e: unknown) => e as Error,
        ),
      ),
    );
    expect(errors).toEqual([linkInvalid, linkInvalid, linkInvalid]);
    expect(new Set(errors.map((e) => e.message)).size).toBe(1);
  });

  it("lets a newer request replace the pending one; the older link stops working", async () => {
    const user = await seedUser();
    const first = newAddress();
    const second = newAddress();
    const firstToken = await requestAndReadToken(user.id, first);
    const secondToken = await requestAndReadToken(user.id, second);

    expect(await userRow(user.id)).toMatchObject({ pendingEmail: second, pendingEmailTokenHash: sha256(secondToken) });
    await expect(confirmEmailChange({ token: firstToken })).rejects.toEqual(linkInvalid);
    expect(await userRow(user.id)).toMatchObject({ email: user.email, pendingEmail: second });
    await expect(confirmEmailChange({ token: secondToken })).resolves.toMatchObject({ email: second });
  });

  it("refuses an expired link and changes nothing", async () => {
    const user = await seedUser();
    const now = new Date();
    const token = await requestAndReadToken(user.id, newAddress(), now);
    const before = await userRow(user.id);

    await expect(confirmEmailChange({ token, now: new Date(now.getTime() + 60 * MINUTE) })).rejects.toEqual(linkInvalid);

    expect(await userRow(user.id)).toEqual(before);
    expect((await mailsTo(user.email)).map((m) => m.mailType)).toEqual(["email_change_requested"]);
  });

  it("keeps everything unchanged when another account took the address meanwhile", async () => {
    const user = await seedUser();
    const newEmail = newAddress();
    const token = await requestAndReadToken(user.id, newEmail);
    const openLink = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    await seedUser({ email: newEmail });
    const before = await userRow(user.id);

    await expect(confirmEmailChange({ token })).rejects.toEqual(
      expect.objectContaining({ name: "EmailAddressTakenError", code: "conflict" }),
    );

    expect(await userRow(user.id)).toEqual(before);
    expect((await mailsTo(user.email)).map((m) => m.mailType)).toEqual(["email_change_requested"]);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.userEmailChanged, subjectId: String(user.id) } })).toBe(0);
    await expect(redeemLoginLink({ token: openLink.token, purpose: "login" })).resolves.toMatchObject({ userId: user.id });
  });

  it("applies exactly one of two simultaneous confirmations", async () => {
    for (let round = 0; round < 3; round++) {
      const user = await seedUser();
      const newEmail = newAddress();
      const token = await requestAndReadToken(user.id, newEmail);

      const results = await Promise.allSettled([confirmEmailChange({ token }), confirmEmailChange({ token })]);

      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([linkInvalid]);
      expect((await mailsTo(user.email)).filter((m) => m.mailType === "email_changed")).toHaveLength(1);
      expect(await db.activityLog.count({ where: { type: ACTIVITY.userEmailChanged, subjectId: String(user.id) } })).toBe(1);
    }
  });
});

describe("cancelEmailChange", () => {
  it("drops the pending change; its link stops working", async () => {
    const user = await seedUser();
    const token = await requestAndReadToken(user.id, newAddress());

    await cancelEmailChange(user.id);

    expect(await userRow(user.id)).toMatchObject({
      email: user.email,
      pendingEmail: null,
      pendingEmailTokenHash: null,
      pendingEmailExpiresAt: null,
    });
    await expect(confirmEmailChange({ token })).rejects.toEqual(linkInvalid);
    await expect(cancelEmailChange(user.id)).resolves.toBeUndefined();
  });
});

describe("tokens at rest", () => {
  it("stores no raw token anywhere but in the mail body to its recipient", async () => {
    const user = await seedUser();
    const newEmail = newAddress();
    const token = await requestAndReadToken(user.id, newEmail);
    await sendLoginLinkMail({ email: user.email, source: "login_form" });
    const loginToken = tokenIn((await mailsTo(user.email)).find((m) => m.mailType === "login_link")!.text, "/login/link");
    await redeemLoginLink({ token: loginToken, purpose: "login" });
    const pendingRows = await storedRows();
    await confirmEmailChange({ token });
    const rows = [...pendingRows, ...(await storedRows())];

    const confirmMail = (await mailsTo(newEmail)).find((m) => m.mailType === "email_change_confirm")!;
    const loginMail = (await mailsTo(user.email)).find((m) => m.mailType === "login_link")!;
    expect(rows.filter((r) => r.json.includes(token))).toEqual([
      expect.objectContaining({ table: "mail_outbox", id: String(confirmMail.id) }),
      expect.objectContaining({ table: "mail_outbox", id: String(confirmMail.id) }),
    ]);
    expect(rows.filter((r) => r.json.includes(loginToken))).toEqual([
      expect.objectContaining({ table: "mail_outbox", id: String(loginMail.id) }),
      expect.objectContaining({ table: "mail_outbox", id: String(loginMail.id) }),
    ]);
  });
});
