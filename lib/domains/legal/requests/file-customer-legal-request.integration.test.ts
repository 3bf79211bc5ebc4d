import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import type { ReleaseStatus } from "@/lib/generated/prisma/client";
import { customerLegalRequests, legalRequestChoices } from "@/lib/adapters/dashboard/legal-requests";
import { seedRelease } from "@/tests/factories";
import { seedNewsroom } from "@/tests/release-fixtures";
import { join } from "@/tests/team-fixtures";
import { fileCustomerLegalRequest, type FileCustomerLegalRequestInput } from "./file-customer-legal-request";
import { REDACTION_MARKER, redactReleaseBody } from "./redaction";

// The customer's request modal (spec 4.4): four tracks, only on published or archived releases of
// one's own newsroom, a redaction only with the preview the server computes, one open request
// per track and release.

const BODY =
  "<p>Die Beispiel AG eröffnet ein Werk. Ansprechpartner ist Max Mustermann, Lindenweg 5, Potsdam.</p><p>Max Mustermann leitet das Werk.</p>";
const REASON = "Herr Mustermann hat der Nennung seiner Anschrift widersprochen.";

async function world(status: ReleaseStatus = "published") {
  const { owner, company } = await seedNewsroom();
  const release = await seedRelease({ companyId: company.id, authorUserId: owner.id, status, publishedAt: new Date(), body: BODY });
  return { owner, company, release };
}

const file = (over: Partial<FileCustomerLegalRequestInput> & Pick<FileCustomerLegalRequestInput, "userId" | "releaseId">) =>
  fileCustomerLegalRequest({ track: "correction", reason: REASON, proposedText: "Ansprechpartner ist die Pressestelle.", ...over });

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: { code?: string; issues?: { path: string; message: string }[] }) => err,
  );

describe("fileCustomerLegalRequest", () => {
  it("files a correction with its event, the form intake and a receipt to the account", async () => {
    const { owner, release, company } = await world();
    const { id } = await file({ userId: owner.id, releaseId: release.id });
    const row = await db.legalRequest.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      track: "correction",
      source: "customer",
      status: "received",
      pressReleaseId: release.id,
      companyId: company.id,
      requesterUserId: owner.id,
      requesterEmail: owner.email,
      body: REASON,
      proposedText: "Ansprechpartner ist die Pressestelle.",
      redactedPassages: null,
    });
    const events = await db.legalRequestEvent.findMany({ where: { legalRequestId: id } });
    expect(events.map((e) => [e.type, e.actorUserId])).toEqual([["received", owner.id]]);
    expect(
      await db.activityLog.count({
        where: { type: ACTIVITY.formIntake, path: "legal_request", actorUserId: owner.id, subjectId: String(id) },
      }),
    ).toBe(1);
    expect(await db.mailOutbox.count({ where: { to: owner.email, mailType: "legal_request_received" } })).toBe(1);
    expect((await customerLegalRequests(owner.id)).map((r) => [r.id, r.status, r.isOpen])).toEqual([[id, "received", true]]);
  });

  it("files a redaction only with the preview the server computes, confirmed", async () => {
    const { owner, release } = await world("archived");
    const passages = ["Max Mustermann", "Lindenweg 5, Potsdam"];
    const preview = redactReleaseBody(BODY, passages);
    expect(preview).not.toContain("Mustermann");
    const base = { userId: owner.id, releaseId: release.id, track: "redaction", passages } as const;

    expect(await rejection(file({ ...base, preview }))).toMatchObject({ code: "validation_failed", issues: [{ path: "preview" }] });
    expect(await rejection(file({ ...base, previewConfirmed: true }))).toMatchObject({ issues: [{ path: "preview" }] });
    const forged = preview.replace(REDACTION_MARKER, "");
    expect(await rejection(file({ ...base, preview: forged, previewConfirmed: true }))).toMatchObject({
      issues: [{ path: "preview", message: expect.stringMatching(/Vorschau passt nicht/) }],
    });
    expect(await rejection(file({ ...base, passages: ["Erika Musterfrau"], preview, previewConfirmed: true }))).toMatchObject({
      issues: [{ path: "passages", message: expect.stringMatching(/nicht wörtlich/) }],
    });

    const { id } = await file({ ...base, passages: "Max   Mustermann\nLindenweg 5, Potsdam\n", preview, previewConfirmed: true });
    const row = await db.legalRequest.findUniqueOrThrow({ where: { id } });
    expect(row.redactedPassages).toEqual(passages);
    expect(row.redactionPreview).toBe(preview);
    expect(row.proposedText).toBeNull();
  });

  it("takes the preview back as a form posts it, with CRLF line breaks, and stores the server's own", async () => {
    const { owner, company } = await world();
    const body = "<p>Erste Zeile mit Max Mustermann\nund eine zweite Zeile.</p>";
    const release = await seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "published",
      publishedAt: new Date(),
      body,
    });
    const preview = redactReleaseBody(body, ["Max Mustermann"]);
    const { id } = await file({
      userId: owner.id,
      releaseId: release.id,
      track: "redaction",
      passages: ["Max Mustermann"],
      preview: preview.replace(/\n/g, "\r\n"),
      previewConfirmed: true,
    });
    expect((await db.legalRequest.findUniqueOrThrow({ where: { id } })).redactionPreview).toBe(preview);
  });

  it("refuses a preview made for an older text", async () => {
    const { owner, release } = await world();
    const preview = redactReleaseBody(BODY, ["Max Mustermann"]);
    await db.pressRelease.update({ where: { id: release.id }, data: { body: `${BODY}<p>Max Mustermann kommt auch hier vor.</p>` } });
    const err = await rejection(
      file({ userId: owner.id, releaseId: release.id, track: "redaction", passages: ["Max Mustermann"], preview, previewConfirmed: true }),
    );
    expect(err).toMatchObject({ issues: [{ path: "preview" }] });
  });

  it("as an attacker: the owner of another newsroom learns nothing about a release not theirs", async () => {
    const { release } = await world();
    const other = await seedNewsroom();
    for (const track of ["correction", "depublication"]) {
      await expect(file({ userId: other.owner.id, releaseId: release.id, track, reason: REASON })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    await expect(file({ userId: other.owner.id, releaseId: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });
    await expect(file({ userId: other.owner.id, releaseId: -1 })).rejects.toMatchObject({ code: "not_found" });
    expect(await db.legalRequest.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("as a member: their own text yes, a colleague's no, a depublication only as owner or responsible", async () => {
    const { company, release } = await world();
    const member = await join(company.id, "member");
    const own = await seedRelease({
      companyId: company.id,
      authorUserId: member.id,
      status: "published",
      publishedAt: new Date(),
      body: BODY,
    });
    await expect(file({ userId: member.id, releaseId: release.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(file({ userId: member.id, releaseId: own.id, track: "depublication" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(file({ userId: member.id, releaseId: own.id, track: "change" })).resolves.toMatchObject({ id: expect.any(Number) });
    const responsible = await join(company.id, "responsible");
    await expect(file({ userId: responsible.id, releaseId: release.id, track: "depublication" })).resolves.toMatchObject({
      id: expect.any(Number),
    });
    expect(await legalRequestChoices(member.id, release)).toBeNull();
    expect((await legalRequestChoices(member.id, own))?.map((c) => [c.track, c.allowed, c.openRequestReference !== null])).toEqual([
      ["correction", true, false],
      ["change", true, true],
      ["redaction", true, false],
      ["depublication", false, false],
    ]);
  });

  it("as an attacker: forged tracks and oversized fields are refused and nothing is stored", async () => {
    const { owner, release } = await world();
    for (const track of ["report", "dsgvo", "personal_rights", "DEPUBLICATION", "", 7, null]) {
      expect(await rejection(file({ userId: owner.id, releaseId: release.id, track })), String(track)).toMatchObject({
        code: "validation_failed",
        issues: [{ path: "track" }],
      });
    }
    const err = await rejection(
      file({ userId: owner.id, releaseId: release.id, reason: "x".repeat(10_001), proposedText: "y".repeat(20_001) }),
    );
    expect((err as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(["proposedText", "reason"]);
    expect(await rejection(file({ userId: owner.id, releaseId: release.id, proposedText: " " }))).toMatchObject({
      issues: [{ path: "proposedText" }],
    });
    const many = Array.from({ length: 21 }, (_, i) => `Stelle ${i}`);
    expect(
      await rejection(
        file({ userId: owner.id, releaseId: release.id, track: "redaction", passages: many, preview: "x", previewConfirmed: true }),
      ),
    ).toMatchObject({ issues: [{ path: "passages" }] });
    expect(await db.legalRequest.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("as an attacker: a hostile redaction is answered at once, and one person's attempts are throttled", async () => {
    const { owner, company } = await world();
    const body = `<p>${"a".repeat(150_000)}</p>`;
    const hostile = await seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "published",
      publishedAt: new Date(),
      body,
    });
    const passages = Array.from({ length: 20 }, (_, i) => "a".repeat(2000 - i));
    const start = performance.now();
    const err = await rejection(
      file({ userId: owner.id, releaseId: hostile.id, track: "redaction", passages, preview: "x", previewConfirmed: true }),
    );
    expect(err).toMatchObject({
      code: "validation_failed",
      issues: [{ path: "passages", message: expect.stringMatching(/Depublizierung/) }],
    });
    // The check runs under the release's row lock: it used to hold it for about a minute.
    expect(performance.now() - start).toBeLessThan(2000);

    // Refused attempts count as well: each one did the work under the lock.
    const { release } = await world();
    for (let i = 1; i < 20; i++) await rejection(file({ userId: owner.id, releaseId: release.id }));
    expect(await rejection(file({ userId: owner.id, releaseId: hostile.id, track: "depublication" }))).toMatchObject({
      code: "rate_limited",
    });
    expect(await db.legalRequest.count({ where: { pressReleaseId: hostile.id } })).toBe(0);
    // Another person of the same newsroom is not held up.
    const colleague = await join(company.id, "owner");
    await expect(file({ userId: colleague.id, releaseId: hostile.id, track: "depublication" })).resolves.toMatchObject({
      id: expect.any(Number),
    });
  });

  it("only for published or archived releases that are not tombstoned", async () => {
    const { owner, company } = await world();
    for (const status of ["draft", "in_review", "scheduled", "rejected", "depublished"] as const) {
      const r = await seedRelease({ companyId: company.id, authorUserId: owner.id, status, body: BODY });
      await expect(file({ userId: owner.id, releaseId: r.id }), status).rejects.toMatchObject({ code: "conflict" });
      expect(await legalRequestChoices(owner.id, r)).toBeNull();
    }
    const gone = await seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "published",
      publishedAt: new Date(),
      goneAt: new Date(),
      body: BODY,
    });
    await expect(file({ userId: owner.id, releaseId: gone.id })).rejects.toMatchObject({ code: "conflict" });
  });

  it("of two requests of one track at once, one is filed and the other refused; other tracks stay open", async () => {
    const { owner, release } = await world();
    const both = await Promise.allSettled([
      file({ userId: owner.id, releaseId: release.id }),
      file({ userId: owner.id, releaseId: release.id }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((both.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/bereits ein Antrag auf Berichtigung offen/),
    });
    expect(await db.legalRequest.count({ where: { pressReleaseId: release.id, track: "correction" } })).toBe(1);
    await expect(file({ userId: owner.id, releaseId: release.id, track: "depublication" })).resolves.toMatchObject({
      id: expect.any(Number),
    });
    // Once decided, the track is free again.
    await db.legalRequest.updateMany({ where: { pressReleaseId: release.id, track: "correction" }, data: { status: "rejected" } });
    await expect(file({ userId: owner.id, releaseId: release.id })).resolves.toMatchObject({ id: expect.any(Number) });
  });
});
