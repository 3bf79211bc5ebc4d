import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedCompany, seedUser } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import { grantCredits, MAX_CREDIT_GRANT, recentGrants, recentGrantsSql } from "./grant-credits";
import { GRANT_MESSAGES } from "./grant-rules";

// Credit grants (spec 5.11: "Credit grants authorize again inside the action"; 6.1: credit
// top-ups in the activity log), as staff with billing:manage use them and as the attacker: staff
// without it, the newsroom's own owner, a billing admin whose permission goes while the grant waits.

const grantId = () => randomBytes(16).toString("base64url");
const billingAdmin = () => seedAdmin(["billing:manage"]);

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/** Balance, ledger and activity of a newsroom, to compare before and after. */
async function ledgerOf(companyId: number) {
  const [company, rows, entries] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { credits: true } }),
    db.creditTransaction.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    db.activityLog.findMany({
      where: { type: "credits.top_up", subjectType: "company", subjectId: String(companyId) },
      orderBy: { id: "asc" },
    }),
  ]);
  return { balance: company.credits, rows, entries };
}

describe("grantCredits", () => {
  it("books a grant by a billing admin: balance, ledger row and activity entry with the reason", async () => {
    const admin = await billingAdmin();
    const company = await seedCompany({ credits: 7 });
    const id = grantId();
    const done = await grantCredits({
      adminUserId: admin.id,
      newsroom: `Nr. ${company.id}`,
      credits: 30,
      reason: "Kulanz nach Ausfall am 3. Juni",
      grantId: id,
    });
    expect(done).toEqual({ granted: true, companyId: company.id, balance: 37 });
    const ledger = await ledgerOf(company.id);
    expect(ledger.balance).toBe(37);
    expect(ledger.rows).toEqual([
      expect.objectContaining({ delta: 30, reference: `grant:${id}`, reason: "Kulanz nach Ausfall am 3. Juni", actorUserId: admin.id }),
    ]);
    expect(ledger.entries).toEqual([
      expect.objectContaining({
        actorUserId: admin.id,
        path: "grant",
        reason: "Kulanz nach Ausfall am 3. Juni",
        metadata: { credits: 30, reference: `grant:${id}`, balance: 37 },
      }),
    ]);
    // By slug as well; the same form sent again books nothing more.
    expect(
      await grantCredits({
        adminUserId: admin.id,
        newsroom: company.slug,
        credits: 30,
        reason: "Kulanz nach Ausfall am 3. Juni",
        grantId: id,
      }),
    ).toEqual({ granted: false, companyId: company.id, balance: 37 });
    expect((await ledgerOf(company.id)).rows).toHaveLength(1);
  });

  it("the ledger row, the balance and the activity entry commit together or not at all", async () => {
    const admin = await billingAdmin();
    const company = await seedCompany();
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_refuse_credit_balance() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_credit_balance BEFORE UPDATE OF credits ON companies FOR EACH ROW WHEN (NEW.id = ${company.id}) EXECUTE FUNCTION test_refuse_credit_balance()`,
    );
    try {
      await expect(
        grantCredits({ adminUserId: admin.id, newsroom: String(company.id), credits: 5, reason: "Test", grantId: grantId() }),
      ).rejects.toThrow(/disk full/);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER test_refuse_credit_balance ON companies`);
    }
    expect(await ledgerOf(company.id)).toEqual({ balance: 0, rows: [], entries: [] });
  });

  it("refuses staff without billing:manage, a deactivated billing admin and the newsroom's owner: nothing changes", async () => {
    const company = await seedCompany({ credits: 3 });
    const owner = await seedUser();
    await db.companyUser.create({ data: { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
    const before = await ledgerOf(company.id);
    const refused = [
      await seedAdmin(["companies:write", "users:manage", "press-releases:publish", "compliance:manage"]),
      await seedUser({ staffRole: "admin", permissions: ["billing:manage"], isActive: false }),
      await seedUser({ staffRole: "super_admin", isActive: false }),
      owner,
      // A customer whose row lists the permission is still a customer.
      await seedUser({ permissions: ["billing:manage"] }),
    ];
    for (const actor of refused) {
      expect(
        (
          await errorOf(
            grantCredits({
              adminUserId: actor.id,
              newsroom: String(company.id),
              credits: 100,
              reason: "Selbstbedienung",
              grantId: grantId(),
            }),
          )
        ).code,
      ).toBe("forbidden");
    }
    expect(await ledgerOf(company.id)).toEqual(before);
  });

  it("refuses a grant to a newsroom the granting staff member belongs to, whatever the role: nobody grants credits to themselves", async () => {
    const company = await seedCompany({ credits: 2 });
    const before = await ledgerOf(company.id);
    for (const role of ["owner", "responsible", "member"] as const) {
      const admin = await billingAdmin();
      await db.companyUser.create({ data: { companyId: company.id, userId: admin.id, role, grantedVia: "manual" } });
      const err = await errorOf(
        grantCredits({
          adminUserId: admin.id,
          newsroom: String(company.id),
          credits: 100,
          reason: "Für die eigene Redaktion",
          grantId: grantId(),
        }),
      );
      expect([role, err.code, err.issues]).toEqual([role, "forbidden", [{ path: "newsroom", message: GRANT_MESSAGES.ownNewsroom }]]);
    }
    const superAdmin = await seedUser({ staffRole: "super_admin" });
    await db.companyUser.create({ data: { companyId: company.id, userId: superAdmin.id, role: "owner", grantedVia: "manual" } });
    expect(
      (
        await errorOf(
          grantCredits({ adminUserId: superAdmin.id, newsroom: company.slug, credits: 5, reason: "Auch nicht", grantId: grantId() }),
        )
      ).code,
    ).toBe("forbidden");
    expect(await ledgerOf(company.id)).toEqual(before);
    // Another billing admin, outside the newsroom, may.
    expect(
      await grantCredits({
        adminUserId: (await billingAdmin()).id,
        newsroom: String(company.id),
        credits: 5,
        reason: "Kulanz",
        grantId: grantId(),
      }),
    ).toMatchObject({ granted: true, balance: 7 });
  });

  it("the latest grants are read through the grant index, not by scanning the ledger", async () => {
    const admin = await billingAdmin();
    const company = await seedCompany();
    const first = await grantCredits({
      adminUserId: admin.id,
      newsroom: String(company.id),
      credits: 3,
      reason: "Erste",
      grantId: grantId(),
    });
    // A ledger far larger than its grants: paid packs and boost bookings.
    await db.$executeRaw`INSERT INTO credit_transactions (company_id, delta, reason, reference) SELECT ${company.id}, 1, 'pack', 'cs_test_' || n FROM generate_series(1, 20000) n`;
    await grantCredits({ adminUserId: admin.id, newsroom: String(company.id), credits: 4, reason: "Zweite", grantId: grantId() });
    await db.$executeRaw`ANALYZE credit_transactions`;
    const recent = await recentGrants(5);
    expect(recent.slice(0, 2).map((g) => [g.reason, g.credits, g.adminName])).toEqual([
      ["Zweite", 4, admin.name],
      ["Erste", 3, admin.name],
    ]);
    expect(first.granted).toBe(true);
    const plan = await db.$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ${recentGrantsSql(20)}`;
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("credit_transactions_grants_idx");
  });

  it("a revocation committed while the grant waits is seen inside the grant: refused, nothing booked", async () => {
    const admin = await billingAdmin();
    const company = await seedCompany();
    let commitRevocation!: () => void;
    const held = new Promise<void>((r) => (commitRevocation = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const revocation = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${admin.id} FOR UPDATE`;
      await tx.user.update({ where: { id: admin.id }, data: { permissions: [] } });
      locked();
      await held;
    });
    await isLocked;
    const grant = errorOf(
      grantCredits({ adminUserId: admin.id, newsroom: String(company.id), credits: 50, reason: "zu spät", grantId: grantId() }),
    );
    await new Promise((r) => setTimeout(r, 150));
    commitRevocation();
    await revocation;
    expect((await grant).code).toBe("forbidden");
    expect(await ledgerOf(company.id)).toEqual({ balance: 0, rows: [], entries: [] });
  });

  it("grants at the same time each count exactly once; one form sent twice at once counts once", async () => {
    const [a, b] = await Promise.all([billingAdmin(), billingAdmin()]);
    const company = await seedCompany({ credits: 1 });
    const twice = grantId();
    const results = await Promise.all([
      grantCredits({ adminUserId: a.id, newsroom: String(company.id), credits: 30, reason: "Kulanz A", grantId: grantId() }),
      grantCredits({ adminUserId: b.id, newsroom: String(company.id), credits: 20, reason: "Kulanz B", grantId: grantId() }),
      grantCredits({ adminUserId: a.id, newsroom: String(company.id), credits: 5, reason: "Doppelklick", grantId: twice }),
      grantCredits({ adminUserId: a.id, newsroom: String(company.id), credits: 5, reason: "Doppelklick", grantId: twice }),
    ]);
    expect(results.filter((r) => r.granted)).toHaveLength(3);
    const ledger = await ledgerOf(company.id);
    expect(ledger.balance).toBe(1 + 30 + 20 + 5);
    expect(ledger.rows.map((r) => r.delta).sort((x, y) => x - y)).toEqual([5, 20, 30]);
    expect(ledger.entries).toHaveLength(3);
  });

  it("refuses bad amounts, a missing reason and unknown or merged newsrooms on their field, booking nothing", async () => {
    const admin = await billingAdmin();
    const company = await seedCompany();
    const merged = await seedCompany({ mergedIntoCompanyId: company.id });
    const removed = await seedCompany({ deletedAt: new Date() });
    const issueOf = async (opts: Partial<Parameters<typeof grantCredits>[0]>) => {
      const err = await errorOf(
        grantCredits({ adminUserId: admin.id, newsroom: String(company.id), credits: 10, reason: "Kulanz", grantId: grantId(), ...opts }),
      );
      expect(err.code).toBe("validation_failed");
      return err.issues;
    };
    for (const credits of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_CREDIT_GRANT + 1, 2 ** 53]) {
      expect(await issueOf({ credits })).toEqual([
        { path: "credits", message: `Bitte eine ganze Zahl von 1 bis ${MAX_CREDIT_GRANT} angeben.` },
      ]);
    }
    expect((await issueOf({ reason: "   " }))?.[0]?.path).toBe("reason");
    expect(await issueOf({ newsroom: "" })).toEqual([
      { path: "newsroom", message: expect.stringContaining("Bitte geben Sie den Newsroom an") },
    ]);
    for (const newsroom of ["2147483647", "0", "nicht-da-123", String(removed.id), "x'; DROP TABLE companies; --"]) {
      expect(await issueOf({ newsroom })).toEqual([{ path: "newsroom", message: "Diesen Newsroom gibt es nicht." }]);
    }
    expect(await issueOf({ newsroom: String(merged.id) })).toEqual([
      { path: "newsroom", message: expect.stringContaining(`Nr. ${company.id} zusammengeführt`) },
    ]);
    expect(
      (await errorOf(grantCredits({ adminUserId: admin.id, newsroom: String(company.id), credits: 10, reason: "Kulanz", grantId: "kurz" })))
        .code,
    ).toBe("validation_failed");
    for (const c of [company, merged, removed]) expect(await ledgerOf(c.id)).toEqual({ balance: 0, rows: [], entries: [] });
    // The largest grant allowed is booked.
    expect(
      await grantCredits({
        adminUserId: admin.id,
        newsroom: String(company.id),
        credits: MAX_CREDIT_GRANT,
        reason: "Korrektur",
        grantId: grantId(),
      }),
    ).toMatchObject({ granted: true, balance: MAX_CREDIT_GRANT });
  });
});
