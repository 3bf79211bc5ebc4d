import { afterEach, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { apiClient } from "@/tests/api-client";
import { databaseRefusal, insertOnlyRefusal } from "@/tests/database-refusal";
import { seedUser } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import {
  acceptDocuments,
  assertLegalAccepted,
  LegalAcceptanceGate,
  legalStatus,
  REQUIRED_DOCUMENTS,
  type LegalDocument,
} from "./documents";

const CURRENT = REQUIRED_DOCUMENTS.map(({ document, version }) => ({ document, version }));
// The service after a new version of the terms went live.
const NEXT: LegalDocument[] = REQUIRED_DOCUMENTS.map((d) => (d.document === "terms" ? { ...d, version: "2099-01" } : d));
const NEXT_VERSIONS = NEXT.map(({ document, version }) => ({ document, version }));
const ip = { value: "hmac-of-an-ip", keyVersion: 1 };

const rowsOf = (userId: number) =>
  db.legalDocumentAcceptance.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { document: true, version: true } });
const INSERT_ONLY = insertOnlyRefusal("legal_document_acceptances");
const refusal = databaseRefusal;
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

afterEach(() => {
  delete process.env.LEGAL_ACCEPTANCE_GATE;
  resetConfigForTests();
});

describe("legal_document_acceptances", () => {
  it("is insert-only in the database: no update or delete passes, by Prisma or raw SQL", async () => {
    const user = await seedUser();
    await acceptDocuments(user.id, CURRENT, ip);
    const before = await rowsOf(user.id);
    expect(before).toEqual(CURRENT);

    expect(await refusal(db.legalDocumentAcceptance.updateMany({ where: { userId: user.id }, data: { version: "1999-01" } }))).toEqual(
      INSERT_ONLY,
    );
    expect(await refusal(db.legalDocumentAcceptance.deleteMany({ where: { userId: user.id } }))).toEqual(INSERT_ONLY);
    expect(
      await refusal(
        db.$executeRaw`UPDATE legal_document_acceptances SET accepted_at = now() - interval '1 year' WHERE user_id = ${user.id}`,
      ),
    ).toEqual(INSERT_ONLY);
    expect(await refusal(db.$executeRaw`DELETE FROM legal_document_acceptances WHERE user_id = ${user.id}`)).toEqual(INSERT_ONLY);
    expect(await rowsOf(user.id)).toEqual(before);

    const triggers = await db.$queryRaw<{ tgname: string }[]>`
      SELECT tgname FROM pg_trigger WHERE tgrelid = 'legal_document_acceptances'::regclass AND NOT tgisinternal ORDER BY tgname`;
    expect(triggers.map((t) => t.tgname)).toEqual(["legal_document_acceptances_insert_only", "legal_document_acceptances_no_truncate"]);
    expect(await refusal(db.$executeRawUnsafe("TRUNCATE legal_document_acceptances"))).toEqual(INSERT_ONLY);
  });
});

describe("accepting documents", () => {
  it("stores each current version once, with the IP only as an HMAC", async () => {
    const user = await seedUser();
    const first = await acceptDocuments(user.id, [CURRENT[0]!, CURRENT[0]!], ip);
    expect(first.complete).toBe(false);
    const second = await acceptDocuments(user.id, CURRENT, ip);
    expect(second.complete).toBe(true);
    expect(await rowsOf(user.id)).toEqual(CURRENT);
    // The first acceptance of a version is the one that counts.
    expect(second.data[0]!.acceptedAt).toEqual(first.data[0]!.acceptedAt);
    expect(
      await db.legalDocumentAcceptance.findMany({ where: { userId: user.id }, select: { ipHmac: true, ipHmacKeyVersion: true } }),
    ).toEqual([
      { ipHmac: ip.value, ipHmacKeyVersion: 1 },
      { ipHmac: ip.value, ipHmacKeyVersion: 1 },
    ]);
  });

  it("refuses a version that stopped being current while the customer read it, with the current versions, and stores nothing", async () => {
    const user = await seedUser();
    // The customer loaded the page under the shipped versions; then the new terms went live.
    const err = await caught(acceptDocuments(user.id, CURRENT, ip, { required: NEXT }));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: "validation_failed",
      status: 422,
      details: { current: NEXT_VERSIONS },
      issues: [{ path: "documents.0.version" }],
    });
    // Not even the unchanged document of the same request is stored.
    expect(await rowsOf(user.id)).toEqual([]);
    await expect(acceptDocuments(user.id, [{ document: "cookies", version: "1" }], ip)).rejects.toMatchObject({
      code: "validation_failed",
      details: { current: CURRENT },
    });
    expect(await rowsOf(user.id)).toEqual([]);

    expect((await acceptDocuments(user.id, NEXT_VERSIONS, ip, { required: NEXT })).complete).toBe(true);
    expect(await rowsOf(user.id)).toEqual(NEXT_VERSIONS);
  });

  it("stores one row per version when the same acceptance arrives several times at once", async () => {
    const user = await seedUser();
    // Several contenders, so their reads really overlap on the pool's connections.
    const all = await Promise.all(Array.from({ length: 6 }, () => acceptDocuments(user.id, CURRENT, ip)));
    expect(all.every((s) => s.complete)).toBe(true);
    expect(await rowsOf(user.id)).toEqual(CURRENT);
  });
});

describe("the LegalAcceptanceGate", () => {
  it("lets everything through while LEGAL_ACCEPTANCE_GATE is off", async () => {
    const user = await seedUser();
    await expect(assertLegalAccepted(user.id, false)).resolves.toBeUndefined();
  });

  it("answers 428 with the versions still missing until all current ones are accepted", async () => {
    const user = await seedUser();
    expect(LegalAcceptanceGate.required()).toBe(REQUIRED_DOCUMENTS);
    const none = await caught(LegalAcceptanceGate.assert(user.id, true));
    expect(none).toMatchObject({ code: "legal_acceptance_required", status: 428, details: { required: CURRENT, current: CURRENT } });

    await acceptDocuments(user.id, [CURRENT[1]!], ip);
    expect(await LegalAcceptanceGate.missing(user.id)).toEqual([CURRENT[0]]);
    expect(await caught(assertLegalAccepted(user.id, true))).toMatchObject({ status: 428, details: { required: [CURRENT[0]] } });

    await acceptDocuments(user.id, [CURRENT[0]!], ip);
    await expect(assertLegalAccepted(user.id, true)).resolves.toBeUndefined();
  });

  it("closes again when a required version changes: the old acceptance stays on record but no longer counts", async () => {
    const user = await seedUser();
    await acceptDocuments(user.id, CURRENT, ip);
    await expect(assertLegalAccepted(user.id, true)).resolves.toBeUndefined();

    const err = await caught(assertLegalAccepted(user.id, true, { required: NEXT }));
    expect(err).toMatchObject({ status: 428, details: { required: [{ document: "terms", version: "2099-01" }], current: NEXT_VERSIONS } });
    expect((await legalStatus(user.id, { required: NEXT })).data.map((d) => d.acceptedAt === null)).toEqual([true, false]);

    await acceptDocuments(user.id, [{ document: "terms", version: "2099-01" }], ip, { required: NEXT });
    await expect(assertLegalAccepted(user.id, true, { required: NEXT })).resolves.toBeUndefined();
    expect(await rowsOf(user.id)).toEqual([...CURRENT, { document: "terms", version: "2099-01" }]);
  });
});

describe("through the API v1 route handlers", () => {
  it("gates submission with 428, refuses stale versions with 422 and nothing stored, then lets the release through", async () => {
    process.env.LEGAL_ACCEPTANCE_GATE = "true";
    resetConfigForTests();
    const { owner, company } = await seedNewsroom();
    const api = apiClient((await createApiToken({ userId: owner.id, name: "legal", identityConfirmedAt: new Date() })).token);

    const draft = await api.call("createRelease", {
      body: {
        newsroom_id: company.id,
        portal: "business",
        language: "de",
        title: "Beispiel AG eröffnet ein neues Werk",
        body: GOOD_BODY,
        submit: false,
      },
    });
    expect(draft.status).toBe(201);
    const gated = await api.call("submitRelease", { params: { id: draft.body.data.id } });
    expect([gated.status, gated.body.error.code, gated.body.error.details.required]).toEqual([428, "legal_acceptance_required", CURRENT]);

    const status = await api.call("getLegalAcceptances");
    expect([status.status, status.body.complete, status.body.data.map((d: { accepted_at: string | null }) => d.accepted_at)]).toEqual([
      200,
      false,
      [null, null],
    ]);

    const stale = await api.call("acceptLegalDocuments", { body: { documents: CURRENT.map((d) => ({ ...d, version: "2020-01" })) } });
    expect([stale.status, stale.body.error.code, stale.body.error.details.current]).toEqual([422, "validation_failed", CURRENT]);
    expect(await rowsOf(owner.id)).toEqual([]);

    const accepted = await api.call("acceptLegalDocuments", {
      body: { documents: CURRENT },
      headers: { "x-forwarded-for": "203.0.113.77" },
    });
    expect([accepted.status, accepted.body.complete]).toEqual([201, true]);
    const stored = await db.legalDocumentAcceptance.findMany({ where: { userId: owner.id }, select: { ipHmac: true } });
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(row.ipHmac).not.toContain("203.0.113");

    const submitted = await api.call("submitRelease", { params: { id: draft.body.data.id } });
    expect(submitted.status).toBe(202);
  });
});
