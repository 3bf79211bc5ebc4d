import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import {
  createLoginLink,
  expireOpenLoginLinks,
  LOGIN_LINK_TTL_MINUTES,
  LoginLinkInvalidError,
  pruneExpiredLoginLinks,
  redeemLoginLink,
  sendLoginLinkMail,
} from "./index";
import { mailsTo, storedRows, tokenIn } from "@/tests/login-link-helpers";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const invalid = (reason: LoginLinkInvalidError["reason"]) =>
  expect.objectContaining({ name: "LoginLinkInvalidError", code: "gone", reason });

/** The error a promise is refused with; a promise that resolves fails the test. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e as LoginLinkInvalidError,
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createLoginLink", () => {
  it("stores only the SHA-256 of a 32-byte token and links to the hub's redemption page", async () => {
    const user = await seedUser();
    const now = new Date();
    const link = await createLoginLink({
      email: ` ${user.email.toUpperCase()} `,
      userId: user.id,
      purpose: "login",
      source: "mail:publication",
      payload: { pressReleaseId: 7 },
      now,
    });

    expect(Buffer.from(link.token, "base64url")).toHaveLength(32);
    expect(link.url).toBe(`${siteOrigin("hub", getSiteHosts())}/login/link/${link.token}`);
    expect(link.expiresAt).toEqual(new Date(now.getTime() + 15 * MINUTE));
    const row = await db.magicLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row).toMatchObject({
      tokenHash: sha256(link.token),
      userId: user.id,
      email: user.email,
      purpose: "login",
      source: "mail:publication",
      payload: { pressReleaseId: 7 },
      usedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(link.token);
  });

  it("gives each purpose its lifetime unless the caller sets one", async () => {
    const now = new Date();
    const lifetimes: Record<string, number> = {
      login: 15,
      account_link: 15,
      registration: 15,
      password_reset: 60,
      email_change: 60,
      image_confirmation: 7 * 24 * 60,
      invitation: 7 * 24 * 60,
    };
    expect(LOGIN_LINK_TTL_MINUTES).toEqual(lifetimes);
    for (const [purpose, minutes] of Object.entries(LOGIN_LINK_TTL_MINUTES)) {
      const link = await createLoginLink({
        email: `${unique("x")}@example.test`,
        purpose: purpose as keyof typeof LOGIN_LINK_TTL_MINUTES,
        now,
      });
      expect(link.expiresAt.getTime() - now.getTime()).toBe(minutes * MINUTE);
    }
    const custom = await createLoginLink({ email: `${unique("x")}@example.test`, purpose: "login", ttlMinutes: 5, now });
    expect(custom.expiresAt).toEqual(new Date(now.getTime() + 5 * MINUTE));
  });

  it("commits or rolls back with the caller's transaction", async () => {
    const email = `${unique("tx")}@example.test`;
    await expect(
      db.$transaction(async (tx) => {
        await createLoginLink({ email, purpose: "login" }, tx);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.magicLink.count({ where: { email } })).toBe(0);
  });
});

describe("redeemLoginLink", () => {
  it("redeems once and answers whose link it was", async () => {
    const user = await seedUser();
    const link = await createLoginLink({
      email: user.email,
      userId: user.id,
      purpose: "login",
      source: "login_form",
      payload: { next: "/dashboard" },
    });

    const redeemed = await redeemLoginLink({ token: link.token, purpose: "login" });

    expect(redeemed).toEqual({
      id: link.id,
      userId: user.id,
      email: user.email,
      purpose: "login",
      source: "login_form",
      payload: { next: "/dashboard" },
    });
    expect((await db.magicLink.findUniqueOrThrow({ where: { id: link.id } })).usedAt).toBeInstanceOf(Date);
    await expect(redeemLoginLink({ token: link.token, purpose: "login" })).rejects.toEqual(invalid("used"));
  });

  it("refuses unknown and malformed tokens with the same message", async () => {
    const used = await createLoginLink({ email: `${unique("u")}@example.test`, purpose: "login" });
    await redeemLoginLink({ token: used.token, purpose: "login" });
    const errors = await Promise.all(
      [Buffer.alloc(32, 7).toString("base64url"), "not-a-token", "", used.token].map((token) =>
        refusal(redeemLoginLink({ token, purpose: "login" })),
      ),
    );
    expect(errors.map((e) => e.reason)).toEqual(["unknown", "unknown", "unknown", "used"]);
    // One message whatever the reason: the answer does not reveal whether a token exists.
    expect(new Set(errors.map((e) => e.message)).size).toBe(1);
    expect(new Set(errors.map((e) => e.status))).toEqual(new Set([410]));
  });

  it("works until its expiry and not a moment after", async () => {
    const now = new Date();
    const early = await createLoginLink({ email: `${unique("e")}@example.test`, purpose: "login", now });
    const late = await createLoginLink({ email: `${unique("e")}@example.test`, purpose: "login", now });

    await expect(
      redeemLoginLink({ token: early.token, purpose: "login", now: new Date(now.getTime() + 15 * MINUTE - 1) }),
    ).resolves.toMatchObject({ id: early.id });
    await expect(redeemLoginLink({ token: late.token, purpose: "login", now: new Date(now.getTime() + 15 * MINUTE) })).rejects.toEqual(
      invalid("expired"),
    );
    expect((await db.magicLink.findUniqueOrThrow({ where: { id: late.id } })).usedAt).toBeNull();
  });

  it("refuses a link of another purpose and accepts a list of purposes", async () => {
    const link = await createLoginLink({ email: `${unique("p")}@example.test`, purpose: "password_reset" });

    await expect(redeemLoginLink({ token: link.token, purpose: "login" })).rejects.toEqual(invalid("purpose"));
    await expect(redeemLoginLink({ token: link.token, purpose: [] })).rejects.toEqual(invalid("purpose"));
    expect((await db.magicLink.findUniqueOrThrow({ where: { id: link.id } })).usedAt).toBeNull();
    await expect(redeemLoginLink({ token: link.token, purpose: ["login", "password_reset"] })).resolves.toMatchObject({
      purpose: "password_reset",
    });
  });

  it("redeems a bound link only in the browser session that asked for it", async () => {
    const user = await seedUser();
    const session = unique("browser-session");
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "account_link", browserSessionBinding: session });
    const row = await db.magicLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.browserSessionBinding).toMatch(/^[0-9a-f]{64}$/);
    expect(row.browserSessionBinding).not.toContain(session);

    for (const other of [unique("browser-session"), null, undefined, ""]) {
      await expect(redeemLoginLink({ token: link.token, purpose: "account_link", browserSessionBinding: other })).rejects.toEqual(
        invalid("browser_session"),
      );
    }
    expect((await db.magicLink.findUniqueOrThrow({ where: { id: link.id } })).usedAt).toBeNull();
    await expect(redeemLoginLink({ token: link.token, purpose: "account_link", browserSessionBinding: session })).resolves.toMatchObject({
      id: link.id,
    });
  });

  it("redeems an unbound link in any browser session", async () => {
    const link = await createLoginLink({ email: `${unique("b")}@example.test`, purpose: "login" });
    await expect(
      redeemLoginLink({ token: link.token, purpose: "login", browserSessionBinding: unique("browser-session") }),
    ).resolves.toMatchObject({ id: link.id });
  });

  it("lets exactly one of two simultaneous redemptions win", async () => {
    for (let round = 0; round < 5; round++) {
      const link = await createLoginLink({ email: `${unique("race")}@example.test`, purpose: "login", source: unique("race") });
      const results = await Promise.allSettled([
        redeemLoginLink({ token: link.token, purpose: "login" }),
        redeemLoginLink({ token: link.token, purpose: "login" }),
      ]);

      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.filter((r) => r.status === "rejected");
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toEqual(invalid("used"));
      // One redemption, one funnel event.
      expect(
        await db.conversionEvent.count({ where: { source: (await db.magicLink.findUniqueOrThrow({ where: { id: link.id } })).source } }),
      ).toBe(1);
    }
  });
});

describe("stage-2 conversion on redemption", () => {
  it("is written with the link's source for login and image-confirmation links", async () => {
    const company = await seedCompany();
    const loginSource = unique("mail:publication");
    const imageSource = unique("mail:image_confirmation");
    const login = await createLoginLink({ email: `${unique("c")}@example.test`, purpose: "login", source: loginSource });
    const image = await createLoginLink({
      email: `${unique("c")}@example.test`,
      purpose: "image_confirmation",
      source: imageSource,
      payload: { companyId: company.id, pressReleaseId: 4711 },
    });

    await redeemLoginLink({ token: login.token, purpose: "login" });
    await redeemLoginLink({ token: image.token, purpose: "image_confirmation" });

    expect(await db.conversionEvent.findMany({ where: { source: loginSource } })).toEqual([
      expect.objectContaining({ stage: 2, companyId: null, pressReleaseId: null }),
    ]);
    expect(await db.conversionEvent.findMany({ where: { source: imageSource } })).toEqual([
      expect.objectContaining({ stage: 2, companyId: company.id, pressReleaseId: 4711 }),
    ]);
  });

  it("is not written for other purposes or refused redemptions", async () => {
    const source = unique("other");
    const reset = await createLoginLink({ email: `${unique("c")}@example.test`, purpose: "password_reset", source });
    const login = await createLoginLink({
      email: `${unique("c")}@example.test`,
      purpose: "login",
      source,
      now: new Date(Date.now() - DAY),
    });
    await redeemLoginLink({ token: reset.token, purpose: "password_reset" });
    await expect(redeemLoginLink({ token: login.token, purpose: "login" })).rejects.toEqual(invalid("expired"));
    expect(await db.conversionEvent.count({ where: { source } })).toBe(0);
  });

  it("never fails the redemption and logs without the token", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const source = unique("broken");
    // A company that does not exist: the foreign key refuses the event row.
    const link = await createLoginLink({
      email: `${unique("c")}@example.test`,
      purpose: "login",
      source,
      payload: { companyId: 2_000_000_000 },
    });

    await expect(redeemLoginLink({ token: link.token, purpose: "login" })).resolves.toMatchObject({ id: link.id });

    expect(await db.conversionEvent.count({ where: { source } })).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(link.token);
  });
});

describe("sendLoginLinkMail", () => {
  it("mails a login link to an active account, whatever the case of the typed address", async () => {
    const user = await seedUser({ locale: "en" });
    const source = unique("login_form");

    await expect(sendLoginLinkMail({ email: ` ${user.email.toUpperCase()} `, source })).resolves.toBeUndefined();

    const mails = await mailsTo(user.email);
    expect(mails).toEqual([expect.objectContaining({ mailType: "login_link", status: "queued", subject: "Your sign-in link" })]);
    const token = tokenIn(mails[0]!.text, "/login/link");
    expect(mails[0]!.html).toContain(`${siteOrigin("hub", getSiteHosts())}/login/link/${token}`);
    expect(await db.magicLink.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).toMatchObject({
      userId: user.id,
      email: user.email,
      purpose: "login",
      source,
    });

    await expect(redeemLoginLink({ token, purpose: "login" })).resolves.toMatchObject({ userId: user.id });
    expect(await db.conversionEvent.count({ where: { stage: 2, source } })).toBe(1);
  });

  it("writes in the requested language", async () => {
    const user = await seedUser({ locale: "en" });
    await sendLoginLinkMail({ email: user.email, locale: "de" });
    expect((await mailsTo(user.email))[0]).toMatchObject({ subject: "Ihr Anmeldelink" });
  });

  it("does nothing observable for unknown, inactive or deleted addresses", async () => {
    const inactive = await seedUser({ isActive: false });
    const deleted = await seedUser({ deletedAt: new Date() });
    const unknown = `${unique("nobody")}@example.test`;
    const linksBefore = await db.magicLink.count();
    const mailsBefore = await db.mailOutbox.count();

    for (const email of [unknown, inactive.email, deleted.email, "", "   "]) {
      await expect(sendLoginLinkMail({ email, source: "login_form" })).resolves.toBeUndefined();
    }

    expect(await db.magicLink.count()).toBe(linksBefore);
    expect(await db.mailOutbox.count()).toBe(mailsBefore);
  });

  it("stores the raw token only in the mail body to the recipient", async () => {
    const user = await seedUser();
    await sendLoginLinkMail({ email: user.email, source: "login_form" });
    const [mail] = await mailsTo(user.email);
    const token = tokenIn(mail!.text, "/login/link");
    await redeemLoginLink({ token, purpose: "login" });

    const holding = (await storedRows()).filter((r) => r.json.includes(token));
    expect(holding).toEqual([{ table: "mail_outbox", id: String(mail!.id), json: expect.any(String) }]);
  });
});

describe("expireOpenLoginLinks", () => {
  it("closes every open link of the account and those sent to its address, nothing else", async () => {
    const now = new Date();
    const user = await seedUser();
    const other = await seedUser();
    const open = await createLoginLink({ email: user.email, userId: user.id, purpose: "login", now });
    const image = await createLoginLink({ email: user.email, userId: user.id, purpose: "image_confirmation", now });
    const addressed = await createLoginLink({ email: user.email, purpose: "login", now });
    const used = await createLoginLink({ email: user.email, userId: user.id, purpose: "login", now });
    await redeemLoginLink({ token: used.token, purpose: "login", now });
    const foreign = await createLoginLink({ email: other.email, userId: other.id, purpose: "login", now });

    expect(await expireOpenLoginLinks(user.id, db, now)).toBe(3);

    for (const link of [open, image, addressed]) {
      await expect(redeemLoginLink({ token: link.token, purpose: ["login", "image_confirmation"], now })).rejects.toEqual(
        invalid("expired"),
      );
    }
    // A redeemed link keeps its record; used_at still means "redeemed".
    expect(await db.magicLink.findUniqueOrThrow({ where: { id: used.id } })).toMatchObject({ usedAt: now, expiresAt: used.expiresAt });
    await expect(redeemLoginLink({ token: foreign.token, purpose: "login", now })).resolves.toMatchObject({ userId: other.id });
    expect(await expireOpenLoginLinks(user.id, db, now)).toBe(0);
  });
});

describe("pruneExpiredLoginLinks", () => {
  it("deletes links expired or redeemed more than 30 days ago", async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const seed = (data: { expiresAt: Date; usedAt?: Date }) =>
      db.magicLink.create({ data: { tokenHash: sha256(unique("t")), email: `${unique("p")}@example.test`, purpose: "login", ...data } });
    const longExpired = await seed({ expiresAt: ago(31) });
    const longUsed = await seed({ expiresAt: new Date(now.getTime() + DAY), usedAt: ago(31) });
    const recentlyExpired = await seed({ expiresAt: ago(29) });
    const recentlyUsed = await seed({ expiresAt: ago(29), usedAt: ago(29) });
    const open = await seed({ expiresAt: new Date(now.getTime() + DAY) });

    expect(await pruneExpiredLoginLinks(now)).toBe(2);

    const left = await db.magicLink.findMany({
      where: { id: { in: [longExpired, longUsed, recentlyExpired, recentlyUsed, open].map((l) => l.id) } },
      select: { id: true },
    });
    expect(left.map((l) => l.id).sort((a, b) => a - b)).toEqual([recentlyExpired.id, recentlyUsed.id, open.id].sort((a, b) => a - b));
  });
});
