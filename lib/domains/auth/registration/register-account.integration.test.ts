import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { registerAccount } from "./register-account";

const address = () => `new-${randomInt(1e9)}@example.com`;
const input = (email: string) => ({
  name: "Jana Petersen",
  email,
  password: "a long enough passphrase",
  acceptTerms: true,
  ip: "192.0.2.44",
});

describe("registration", () => {
  it("creates the account with the current legal acceptances, a confirmation link, the activity entry and stage 4", async () => {
    const email = address();
    await registerAccount(input(email.toUpperCase()));
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ name: "Jana Petersen", emailVerifiedAt: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const accepted = await db.legalDocumentAcceptance.findMany({ where: { userId: user.id }, select: { document: true, version: true } });
    expect(accepted).toEqual(expect.arrayContaining(REQUIRED_DOCUMENTS.map(({ document, version }) => ({ document, version }))));
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: email, mailType: "registration_confirm" } });
    expect(mail.text).toMatch(/\/login\/link\/[A-Za-z0-9_-]{43}/);
    expect(await db.magicLink.count({ where: { userId: user.id, purpose: "login", source: "registration" } })).toBe(1);
    expect(await db.activityLog.count({ where: { actorUserId: user.id, type: ACTIVITY.userRegistered, path: "form" } })).toBe(1);
    expect(await db.conversionEvent.count({ where: { stage: 4, source: "registration_form" } })).toBeGreaterThanOrEqual(1);
  });

  it("answers a known address the same way, with a notice instead of a second account", async () => {
    const email = address();
    await registerAccount(input(email));
    await registerAccount({ ...input(email), name: "Someone Else" });
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(await db.mailOutbox.count({ where: { to: email, mailType: "registration_existing" } })).toBe(1);
  });

  it("refuses a short password and missing consent with field issues, storing nothing", async () => {
    const email = address();
    await expect(registerAccount({ ...input(email), password: "too short" })).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "password" }],
    });
    await expect(registerAccount({ ...input(email), acceptTerms: false })).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "acceptTerms" }],
    });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("creates one account when the same address registers twice at once", async () => {
    const email = address();
    await Promise.all([registerAccount(input(email)), registerAccount(input(email))]);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });
});
