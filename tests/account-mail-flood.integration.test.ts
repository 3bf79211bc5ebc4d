import { describe, expect, it } from "vitest";
import { sendLoginLinkMail } from "@/lib/accounts/login-links";
import { registerAccount } from "@/lib/accounts/registration/register-account";
import { db } from "@/lib/db/client";
import { seedUser } from "./factories";

// Flooding one mailbox through the sign-in and registration forms from many addresses: the
// per-client budget does not stop that, the per-recipient one does (5 an hour), silently.

describe("mails to one recipient", () => {
  it("stop after five login links an hour, however many senders ask", async () => {
    const user = await seedUser();
    for (let i = 0; i < 8; i++) await sendLoginLinkMail({ email: user.email, source: "login_form" });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "login_link" } })).toBe(5);
    expect(await db.magicLink.count({ where: { userId: user.id } })).toBe(5);
  });

  it("stop after five 'you already have an account' notices an hour", async () => {
    const user = await seedUser();
    for (let i = 0; i < 8; i++) await registerAccount({ name: "Someone", email: user.email, password: "a long enough passphrase", acceptTerms: true, ip: `198.51.100.${i + 1}` });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "registration_existing" } })).toBe(5);
  });

  it("share the budget between both forms", async () => {
    const user = await seedUser();
    for (let i = 0; i < 4; i++) await sendLoginLinkMail({ email: user.email });
    for (let i = 0; i < 4; i++) await registerAccount({ name: "Someone", email: user.email, password: "a long enough passphrase", acceptTerms: true, ip: "198.51.100.9" });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: { in: ["login_link", "registration_existing"] } } })).toBe(5);
  });
});
