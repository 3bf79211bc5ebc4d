import { describe, expect, it } from "vitest";
import { cacheStorePrefix } from "@/lib/core/cache/store";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { getRedis } from "@/lib/core/redis/client";
import { emailCodeCacheKey, sendEmailProofCode } from "./email-code";
import { proveIdentity } from "./prove-identity";
import { mailedCode, seedAccount } from "@/tests/identity-proof-fixtures";

const refused = (reason: string) => expect.objectContaining({ name: "IdentityProofRefusedError", reason });
const redis = () => getRedis(getConfig().redis.url!);

/** Tables (all but the mail outbox, which is the delivery) whose rows contain the code as a token of its own. */
async function tablesContaining(code: string): Promise<string[]> {
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'mail_outbox'`;
  // Surrounded by non-digits, so a random user id or a hash with these six digits inside it does not count.
  const pattern = `(^|[^0-9])${code}([^0-9]|$)`;
  const hits: string[] = [];
  for (const { name } of tables) {
    const [row] = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM ${Prisma.raw(`"${name.replace(/"/g, '""')}"`)} t WHERE t::text ~ ${pattern}`;
    if (row!.n) hits.push(name);
  }
  return hits;
}

describe("sendEmailProofCode", () => {
  it("mails a six-digit code to the current address, not to a pending new one, valid ten minutes", async () => {
    const { user } = await seedAccount({ password: true }, { pendingEmail: `new-${Date.now()}@example.test`, locale: "en" });
    const now = new Date("2026-03-03T09:00:00Z");
    expect(await sendEmailProofCode(user.id, { now })).toEqual({ expiresAt: new Date("2026-03-03T09:10:00Z") });
    const mails = await db.mailOutbox.findMany({ where: { mailType: "identity_code" }, select: { to: true, subject: true, text: true } });
    const mine = mails.filter((m) => m.to === user.email);
    expect(mine).toHaveLength(1);
    expect(mails.filter((m) => m.to.startsWith("new-"))).toEqual([]);
    const code = await mailedCode(user.email);
    expect(mine[0]!.subject).not.toContain(code);
    expect(mine[0]!.text).toContain("10 minutes");
    const ttl = await redis().ttl(`${cacheStorePrefix()}${emailCodeCacheKey(user.id)}`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it("stores the code nowhere in clear: not in the cache store, not in the database", async () => {
    const { user } = await seedAccount({});
    await sendEmailProofCode(user.id);
    const code = await mailedCode(user.email);
    const keys = await redis().keys(`*${user.id}*`);
    expect(keys).toContain(`${cacheStorePrefix()}${emailCodeCacheKey(user.id)}`);
    for (const key of keys) {
      expect(key).not.toContain(code);
      if ((await redis().type(key)) === "string") expect(await redis().get(key)).not.toContain(code);
    }
    expect(await tablesContaining(code)).toEqual([]);
    // The scan does find a code where it is stored: the outbox carries it to the mailbox.
    const [outbox] = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM mail_outbox t WHERE t::text ~ ${`(^|[^0-9])${code}([^0-9]|$)`}`;
    expect(outbox!.n).toBeGreaterThanOrEqual(1);
  });

  it("mails at most five codes per account in 15 minutes; the sixth is refused and sends nothing", async () => {
    const { user } = await seedAccount({});
    for (let i = 0; i < 5; i++) await sendEmailProofCode(user.id);
    await expect(sendEmailProofCode(user.id)).rejects.toMatchObject({
      code: "rate_limited",
      headers: { "Retry-After": expect.stringMatching(/^\d+$/) },
    });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "identity_code" } })).toBe(5);
    // Another account's budget is its own.
    const other = await seedAccount({});
    await expect(sendEmailProofCode(other.user.id)).resolves.toBeTruthy();
  });

  it("refuses an inactive or unknown account", async () => {
    const { user } = await seedAccount({}, { isActive: false });
    await expect(sendEmailProofCode(user.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(sendEmailProofCode(2_147_000_000)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("e-mail code proof", () => {
  it("passes once; the second use is wrong", async () => {
    const { user } = await seedAccount({ password: true });
    const now = new Date("2026-03-03T09:00:00Z");
    await sendEmailProofCode(user.id, { now });
    const code = await mailedCode(user.email);
    const later = new Date("2026-03-03T09:03:00Z");
    expect(await proveIdentity(user.id, "api_token", { kind: "email_code", code: ` ${code} ` }, { now: later })).toEqual({
      kind: "email_code",
      provedAt: later,
    });
    await expect(proveIdentity(user.id, "api_token", { kind: "email_code", code }, { now: later })).rejects.toEqual(refused("wrong"));
    expect(await redis().exists(`${cacheStorePrefix()}${emailCodeCacheKey(user.id)}`)).toBe(0);
  });

  it("a wrong code is refused and does not spend the right one", async () => {
    const { user } = await seedAccount({});
    await sendEmailProofCode(user.id);
    const code = await mailedCode(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (const guess of [wrong, "12345", "abcdef", ""])
      await expect(proveIdentity(user.id, "email_change", { kind: "email_code", code: guess })).rejects.toEqual(refused("wrong"));
    expect(await proveIdentity(user.id, "email_change", { kind: "email_code", code })).toMatchObject({ kind: "email_code" });
  });

  it("is void after five wrong codes: guessing needs a new mail every five tries", async () => {
    const { user } = await seedAccount({});
    await sendEmailProofCode(user.id);
    const code = await mailedCode(user.email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 4; i++)
      await expect(proveIdentity(user.id, "email_change", { kind: "email_code", code: wrong(i) })).rejects.toEqual(refused("wrong"));
    expect(await redis().exists(`${cacheStorePrefix()}${emailCodeCacheKey(user.id)}`)).toBe(1);
    await expect(proveIdentity(user.id, "email_change", { kind: "email_code", code: wrong(4) })).rejects.toEqual(refused("wrong"));
    expect(await redis().exists(`${cacheStorePrefix()}${emailCodeCacheKey(user.id)}`)).toBe(0);
  });

  it("expires after ten minutes", async () => {
    const { user } = await seedAccount({});
    const sentAt = new Date("2026-03-03T09:00:00Z");
    await sendEmailProofCode(user.id, { now: sentAt });
    const code = await mailedCode(user.email);
    await expect(
      proveIdentity(user.id, "email_change", { kind: "email_code", code }, { now: new Date("2026-03-03T09:10:00Z") }),
    ).rejects.toEqual(refused("wrong"));
    expect(
      await proveIdentity(user.id, "email_change", { kind: "email_code", code }, { now: new Date("2026-03-03T09:09:59.999Z") }),
    ).toMatchObject({ kind: "email_code" });
  });

  it("a newer code replaces the older one", async () => {
    const { user } = await seedAccount({});
    await sendEmailProofCode(user.id);
    const first = await mailedCode(user.email);
    let second = first;
    // One chance in a million that both are equal; then the replacement cannot be told apart.
    while (second === first) {
      await sendEmailProofCode(user.id);
      second = await mailedCode(user.email);
    }
    await expect(proveIdentity(user.id, "email_change", { kind: "email_code", code: first })).rejects.toEqual(refused("wrong"));
    expect(await proveIdentity(user.id, "email_change", { kind: "email_code", code: second })).toMatchObject({ kind: "email_code" });
  });

  it("is bound to the account it was sent for", async () => {
    const a = await seedAccount({});
    const b = await seedAccount({});
    await sendEmailProofCode(a.user.id);
    await sendEmailProofCode(b.user.id);
    const [codeA, codeB] = [await mailedCode(a.user.email), await mailedCode(b.user.email)];
    if (codeA !== codeB)
      await expect(proveIdentity(b.user.id, "email_change", { kind: "email_code", code: codeA })).rejects.toEqual(refused("wrong"));
    // Copying A's stored value under B's key does not make A's code work for B.
    await redis().set(
      `${cacheStorePrefix()}${emailCodeCacheKey(b.user.id)}`,
      (await redis().get(`${cacheStorePrefix()}${emailCodeCacheKey(a.user.id)}`))!,
      "EX",
      600,
    );
    await expect(proveIdentity(b.user.id, "email_change", { kind: "email_code", code: codeA })).rejects.toEqual(refused("wrong"));
    expect(await proveIdentity(a.user.id, "email_change", { kind: "email_code", code: codeA })).toMatchObject({ kind: "email_code" });
  });

  it("of two simultaneous uses of one code exactly one passes", async () => {
    const { user } = await seedAccount({ password: true });
    await sendEmailProofCode(user.id);
    const code = await mailedCode(user.email);
    const results = await Promise.allSettled([
      proveIdentity(user.id, "email_change", { kind: "email_code", code }),
      proveIdentity(user.id, "api_token", { kind: "email_code", code }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([refused("wrong")]);
  });
});
