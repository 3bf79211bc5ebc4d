import { describe, expect, it } from "vitest";
import { sendLoginLinkMail } from "@/lib/domains/accounts/login-links";
import { registerAccount } from "@/lib/domains/auth/registration/register-account";
import { db } from "@/lib/core/db/client";
import { ratePolicies } from "@/lib/core/ratelimit/policies";
import { seedUser } from "./factories";

// Flooding one mailbox through the sign-in and registration forms from many addresses: the
// per-client budget does not stop that, the per-mailbox one does (5 per 15 minutes, a login
// link's lifetime), silently.

describe("mails to one recipient", () => {
  it("stop after five login links in 15 minutes, however many senders ask", async () => {
    const user = await seedUser();
    for (let i = 0; i < 8; i++) await sendLoginLinkMail({ email: user.email, source: "login_form" });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "login_link" } })).toBe(5);
    expect(await db.magicLink.count({ where: { userId: user.id } })).toBe(5);
  });

  it("stop after five 'you already have an account' notices in 15 minutes", async () => {
    const user = await seedUser();
    for (let i = 0; i < 8; i++)
      await registerAccount({
        name: "Someone",
        email: user.email,
        password: "a long enough passphrase",
        acceptTerms: true,
        ip: `198.51.100.${i + 1}`,
      });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "registration_existing" } })).toBe(5);
  });

  it("share the budget between both forms", async () => {
    const user = await seedUser();
    for (let i = 0; i < 4; i++) await sendLoginLinkMail({ email: user.email });
    for (let i = 0; i < 4; i++)
      await registerAccount({
        name: "Someone",
        email: user.email,
        password: "a long enough passphrase",
        acceptTerms: true,
        ip: "198.51.100.9",
      });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: { in: ["login_link", "registration_existing"] } } })).toBe(5);
  });

  it("count name+tag addresses as the mailbox they reach, new registrations included", async () => {
    const box = `flooded-${Date.now()}@example.com`;
    const tagged = (i: number) => box.replace("@", `+${i}@`);
    for (let i = 0; i < 8; i++)
      await registerAccount({
        name: "Someone",
        email: tagged(i),
        password: "a long enough passphrase",
        acceptTerms: true,
        ip: `198.51.100.${i + 20}`,
      });
    expect(await db.mailOutbox.count({ where: { to: { startsWith: box.split("@")[0] }, mailType: "registration_confirm" } })).toBe(5);
    // No account without its mail: the three refused registrations created nothing.
    expect(await db.user.count({ where: { email: { startsWith: box.split("@")[0] } } })).toBe(5);
  });

  it("leave the owner a working link while the budget is spent: the window is a link's lifetime", async () => {
    const user = await seedUser();
    for (let i = 0; i < 8; i++) await sendLoginLinkMail({ email: user.email });
    const newest = await db.magicLink.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "desc" } });
    // The budget frees up no later than the newest link sent under it expires.
    expect(newest.expiresAt.getTime() - newest.createdAt.getTime()).toBeGreaterThanOrEqual(
      ratePolicies().accountMailRecipient.windowSeconds * 1000 - 1000,
    );
  });
});
