import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { verifyArchiveEntry } from "@/lib/domains/evidence/record-archive-entry";
import { AppError } from "@/lib/core/errors/errors";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { releaseTags } from "@/lib/domains/sites/public-tags";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { databaseRefusal, insertOnlyRefusal } from "@/tests/database-refusal";
import { seedUser } from "@/tests/factories";
import { complianceAdmin, eventsOf, seedLegalRequest, seedPublishedRelease } from "@/tests/legal-request-fixtures";
import { historyOf, seedAdmin } from "@/tests/release-fixtures";
import { decideLegalRequest } from "./decide-legal-request";
import { executeLegalRequest } from "./execute-legal-request";
import { redactReleaseBody, REDACTION_MARKER } from "./redaction";
import { startLegalRequestReview } from "./start-legal-request-review";

// Executing an approved request, track by track: the release changes through the paths every
// other edit and move takes (history, search mirror, content hash, cache tags), one entry of the
// public correction log, a signed archive entry with the state before and after, the executed
// event and the mails. Written as the attacker too, and with two editors executing at once.

const NOW = new Date("2026-11-24T10:00:00Z");
// Published before the requests are executed at NOW.
const PUBLISHED = new Date("2026-11-23T10:00:00Z");
const NAME = "Max Mustermann";

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/** A request about a published release, taken into review and approved by an editor. */
async function approved(
  track: Parameters<typeof seedLegalRequest>[0]["track"],
  opts: { body?: string; requesterIsAuthor?: boolean; linkRelease?: boolean; data?: Parameters<typeof seedLegalRequest>[0]["data"] } = {},
) {
  const { owner, release } = await seedPublishedRelease({ publishedAt: PUBLISHED, ...(opts.body ? { data: { body: opts.body } } : {}) });
  const editor = await complianceAdmin();
  const request = await seedLegalRequest({
    track,
    releaseId: opts.linkRelease === false ? null : release.id,
    ...(opts.requesterIsAuthor
      ? { requesterUserId: owner.id }
      : track === "report" || track === "dsgvo" || track === "personal_rights"
        ? { requesterUserId: null }
        : {}),
    ...(opts.data ? { data: opts.data } : {}),
  });
  await startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id, now: NOW });
  await decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Begründet.", now: NOW });
  return { owner, release, editor, request };
}

const BODY_WITH_NAME = `<p>Berlin – Die Beispiel AG eröffnet ein Werk. Projektleiter ${NAME} sagt, der Standort sei ideal. Am Standort entstehen 250 Arbeitsplätze in Fertigung und Logistik; die Produktion beginnt im Herbst und die Investition beträgt 80 Millionen Euro.</p><p>Kontakt: ${NAME}, Telefon 030 1234.</p>`;

describe("executeLegalRequest: correction and change", () => {
  it("rewrites the release as the editor settled on it, with history, search mirror, hash, cache tags, log entry, signed evidence and mails", async () => {
    const { owner, release, editor, request } = await approved("correction", {
      data: { proposedText: "Das Werk eröffnet im Herbst 2027." },
    });
    const body = release.body.replace("im Herbst", "im Herbst 2027");
    const done = await executeLegalRequest({
      legalRequestId: request.id,
      adminUserId: editor.id,
      measure: "text",
      text: { title: release.title, lead: "Eröffnung 2027", body },
      publicNote: "Das Eröffnungsjahr wurde ergänzt.",
      note: "Mit dem Newsroom abgestimmt.",
      now: NOW,
    });

    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(after).toMatchObject({
      status: "published",
      lead: "Eröffnung 2027",
      contentChangedAt: NOW,
      contentHash: contentHash(release.title, body),
    });
    expect(after.body).toContain("im Herbst 2027");
    expect(after.contentHash).not.toBe(release.contentHash);
    expect((await historyOf(release.id)).at(-1)).toMatchObject({
      fromStatus: "published",
      toStatus: "published",
      actorType: "admin",
      actorUserId: editor.id,
      outcome: "legal_correction",
      reason: `legal request ${request.id}`,
    });
    expect((await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).bodyText).toContain("im Herbst 2027");
    const invalidations = await db.publicCacheInvalidation.findMany({ orderBy: { id: "desc" }, take: 5 });
    expect(invalidations.map((i) => i.tags)).toContainEqual(releaseTags(release));

    expect(done.correction).toMatchObject({
      pressReleaseId: release.id,
      legalRequestId: request.id,
      kind: "correction",
      portal: "business",
      language: "de",
      releaseTitle: release.title,
      note: "Das Eröffnungsjahr wurde ergänzt.",
      createdAt: NOW,
    });
    expect(done.request).toMatchObject({ status: "executed", executedAt: NOW, publicNote: "Das Eröffnungsjahr wurde ergänzt." });

    const entry = await db.archiveEntry.findUniqueOrThrow({ where: { id: done.archiveEntry.id } });
    expect(entry).toMatchObject({ kind: "legal_request", subjectType: "legal_request", subjectId: request.id, legalRequestId: request.id });
    expect(verifyArchiveEntry(entry)).toBe(true);
    const payload = entry.payload as Record<string, Record<string, unknown>>;
    expect(payload.request).toMatchObject({
      id: request.id,
      track: "correction",
      proposedText: "Das Werk eröffnet im Herbst 2027.",
      body: request.body,
    });
    expect(payload.decision).toMatchObject({ status: "approved", note: "Begründet.", decidedByUserId: editor.id });
    expect(payload.execution).toMatchObject({
      measure: "text",
      note: "Mit dem Newsroom abgestimmt.",
      publicNote: "Das Eröffnungsjahr wurde ergänzt.",
      correctionId: done.correction!.id,
      executedByUserId: editor.id,
    });
    expect(payload.release).toMatchObject({
      id: release.id,
      statusBefore: "published",
      statusAfter: "published",
      contentHashBefore: release.contentHash,
      contentHashAfter: after.contentHash,
    });
    expect(payload.release!.before as Record<string, unknown>).toMatchObject({ title: release.title, lead: null, body: release.body });
    // Tampering with the stored evidence breaks its signature.
    expect(verifyArchiveEntry({ ...entry, payload: { ...payload, execution: { ...payload.execution, note: "anders" } } })).toBe(false);

    expect((await eventsOf(request.id)).at(-1)).toMatchObject({
      type: "executed",
      actorUserId: editor.id,
      data: {
        from: "approved",
        to: "executed",
        measure: "text",
        pressReleaseId: release.id,
        correctionId: done.correction!.id,
        archiveEntryId: entry.id,
        contentHashBefore: release.contentHash,
        contentHashAfter: after.contentHash,
      },
    });
    const mails = await db.mailOutbox.findMany({
      where: { createdAt: { gte: new Date(Date.now() - 60_000) }, to: { in: [request.requesterEmail, owner.email] } },
      orderBy: { id: "asc" },
    });
    expect(mails.map((m) => [m.to, m.mailType])).toEqual([
      [request.requesterEmail, "legal_request_executed"],
      [owner.email, "press_release_corrected"],
    ]);
    expect(mails[0]!.text).toContain(releaseUrl(release, getSiteHosts()));
    expect(mails[1]!.text).toContain("Das Eröffnungsjahr wurde ergänzt.");
  });

  it("a change: kind change; a public note and a valid, changed text are required; an author who asked gets one mail", async () => {
    const { owner, release, editor, request } = await approved("change", { requesterIsAuthor: true });
    const text = { title: release.title, body: release.body.replace("250", "300") };
    expect(
      await errorOf(executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "text", text, publicNote: " " })),
    ).toMatchObject({ code: "validation_failed", issues: [{ path: "publicNote" }] });
    expect(
      (
        await errorOf(
          executeLegalRequest({
            legalRequestId: request.id,
            adminUserId: editor.id,
            measure: "text",
            text: { title: "Kurz", body: text.body },
            publicNote: "Geändert.",
          }),
        )
      ).issues?.[0]?.path,
    ).toBe("title");
    expect(
      (
        await errorOf(
          executeLegalRequest({
            legalRequestId: request.id,
            adminUserId: editor.id,
            measure: "text",
            text: { title: release.title, body: release.body },
            publicNote: "Geändert.",
          }),
        )
      ).issues?.[0],
    ).toEqual({ path: "body", message: "Der Text ist unverändert." });
    expect(
      (await errorOf(executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "depublish" }))).issues?.[0]?.path,
    ).toBe("measure");
    expect(await db.pressReleaseCorrection.count({ where: { pressReleaseId: release.id } })).toBe(0);

    const done = await executeLegalRequest({
      legalRequestId: request.id,
      adminUserId: editor.id,
      measure: "text",
      text,
      publicNote: "Die Zahl der Arbeitsplätze wurde aktualisiert.",
    });
    expect(done.correction?.kind).toBe("change");
    expect(
      await db.mailOutbox.count({ where: { to: owner.email, mailType: { in: ["legal_request_executed", "press_release_corrected"] } } }),
    ).toBe(1);
  });
});

describe("executeLegalRequest: redaction", () => {
  it("removes the passages with the customer's preview function and notes it in the log", async () => {
    const { release, editor, request } = await approved("redaction", {
      body: BODY_WITH_NAME,
      data: { redactedPassages: [NAME], redactionPreview: redactReleaseBody(BODY_WITH_NAME, [NAME]) },
    });
    const done = await executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "redact", now: NOW });
    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(after.body).toBe(request.redactionPreview);
    expect(after.body).not.toContain(NAME);
    expect(after.body).toContain(REDACTION_MARKER);
    expect(done.correction).toMatchObject({ kind: "redaction", note: "Passagen aus rechtlichen Gründen entfernt." });
    const payload = done.archiveEntry.payload as Record<string, Record<string, unknown>>;
    expect((payload.release!.before as Record<string, unknown>).body).toContain(NAME);
    expect(payload.execution).toMatchObject({ measure: "redact", passages: [NAME] });
    expect((await historyOf(release.id)).at(-1)?.outcome).toBe("legal_redaction");
    // A second request for passages no longer in the text changes nothing.
    const again = await approved("redaction", { data: { redactedPassages: ["gibt es nicht im Text"] } });
    expect(
      (await errorOf(executeLegalRequest({ legalRequestId: again.request.id, adminUserId: again.editor.id, measure: "redact" })))
        .issues?.[0]?.path,
    ).toBe("passages");
  });
});

describe("executeLegalRequest: depublication", () => {
  it("depublishes through moveRelease and logs a withdrawal that keeps the title", async () => {
    const { release, editor, request } = await approved("depublication");
    const done = await executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "depublish", now: NOW });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("depublished");
    expect(await db.pressRelease.count({ where: { id: release.id, ...publiclyVisibleReleaseWhere() } })).toBe(0);
    expect(done.correction).toMatchObject({
      kind: "withdrawal",
      releaseTitle: release.title,
      note: "Aus rechtlichen Gründen zurückgezogen.",
    });
    expect((await historyOf(release.id)).at(-1)).toMatchObject({ toStatus: "depublished", actorType: "admin", outcome: "depublish" });
    expect((done.archiveEntry.payload as Record<string, Record<string, unknown>>).release).toMatchObject({
      statusBefore: "published",
      statusAfter: "depublished",
    });
    // The requester's mail no longer links the release.
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: request.requesterEmail, mailType: "legal_request_executed" } });
    expect(mail.text).not.toContain(release.slug);
  });

  it("refuses a tombstoned release (unmark first) and leaves the request approved", async () => {
    const { release, editor, request } = await approved("depublication");
    await db.pressRelease.update({ where: { id: release.id }, data: { goneAt: NOW } });
    expect((await errorOf(executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "depublish" }))).code).toBe(
      "conflict",
    );
    expect((await db.legalRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("approved");
    expect(await db.archiveEntry.count({ where: { legalRequestId: request.id } })).toBe(0);
  });
});

describe("executeLegalRequest: public reports (report, dsgvo, personal_rights)", () => {
  it("links the release the editor names by its page address and depublishes it", async () => {
    const { release, editor, request } = await approved("personal_rights", { linkRelease: false });
    expect(
      (await errorOf(executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "depublish" }))).issues?.[0]?.path,
    ).toBe("release");
    expect(
      (
        await errorOf(
          executeLegalRequest({
            legalRequestId: request.id,
            adminUserId: editor.id,
            measure: "depublish",
            releaseReference: "https://example.org/de/pressemitteilung/x",
          }),
        )
      ).issues?.[0]?.path,
    ).toBe("release");
    const done = await executeLegalRequest({
      legalRequestId: request.id,
      adminUserId: editor.id,
      measure: "depublish",
      releaseReference: releaseUrl(release, getSiteHosts()),
      publicNote: "Auf Antrag einer betroffenen Person zurückgezogen.",
    });
    expect(done.request).toMatchObject({ status: "executed", pressReleaseId: release.id, companyId: release.companyId });
    expect(done.correction).toMatchObject({ kind: "withdrawal", note: "Auf Antrag einer betroffenen Person zurückgezogen." });
    expect((await eventsOf(request.id)).at(-1)?.data).toMatchObject({ measure: "depublish", releaseLinked: true });
  });

  it("redacts passages the editor names (by release number), or records a measure of none with a required note", async () => {
    const { release, editor, request } = await approved("dsgvo", { linkRelease: false, body: BODY_WITH_NAME });
    const done = await executeLegalRequest({
      legalRequestId: request.id,
      adminUserId: editor.id,
      measure: "redact",
      releaseReference: `#${release.id}`,
      passages: [NAME, "  "],
    });
    expect(done.correction?.kind).toBe("redaction");
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).body).not.toContain(NAME);

    const report = await approved("report");
    expect(
      (await errorOf(executeLegalRequest({ legalRequestId: report.request.id, adminUserId: report.editor.id, measure: "none" })))
        .issues?.[0]?.path,
    ).toBe("note");
    const none = await executeLegalRequest({
      legalRequestId: report.request.id,
      adminUserId: report.editor.id,
      measure: "none",
      note: "Kein Verstoß; die Angaben sind belegt.",
    });
    expect(none.correction).toBeNull();
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: report.release.id } })).contentHash).toBe(report.release.contentHash);
    expect(verifyArchiveEntry(none.archiveEntry)).toBe(true);
    expect(await db.pressReleaseCorrection.count({ where: { legalRequestId: report.request.id } })).toBe(0);
  });
});

describe("executeLegalRequest: what the requester's mail names", () => {
  it("as an attacker filing a report: the mail never names a release the public has not seen yet", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const title = `Übernahme der Beispiel AG ${Date.now().toString(36)}`;
    const { release: embargoed } = await seedPublishedRelease({ data: { title, publishedAt: later, publishedEverAt: later } });
    const editor = await complianceAdmin();
    const request = await seedLegalRequest({ track: "report", requesterUserId: null });
    await startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id });
    await decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Geprüft." });
    // The editor links the release the report is about; nothing changes on it.
    await executeLegalRequest({
      legalRequestId: request.id,
      adminUserId: editor.id,
      measure: "none",
      releaseReference: String(embargoed.id),
      note: "Kein Verstoß.",
    });
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: request.requesterEmail, mailType: "legal_request_executed" } });
    expect(mail.subject + mail.text + mail.html).not.toContain(title);
    expect(mail.text + mail.html).not.toContain(embargoed.slug);
  });

  it("names a release the public saw, also once it is withdrawn", async () => {
    const { release, editor, request } = await approved("report");
    await executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "depublish", now: new Date() });
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: request.requesterEmail, mailType: "legal_request_executed" } });
    expect(mail.text).toContain(release.title);
  });
});

describe("executeLegalRequest: races and attackers", () => {
  it("executes once when two editors execute at once: one correction, one archive entry, one event", async () => {
    const { release, request } = await approved("depublication");
    const editors = [await complianceAdmin(), await complianceAdmin()];
    const results = await Promise.allSettled(
      editors.map((e) => executeLegalRequest({ legalRequestId: request.id, adminUserId: e.id, measure: "depublish" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect((lost.reason as AppError).code).toBe("conflict");
    expect(await db.pressReleaseCorrection.count({ where: { pressReleaseId: release.id } })).toBe(1);
    expect(await db.archiveEntry.count({ where: { legalRequestId: request.id } })).toBe(1);
    expect((await eventsOf(request.id)).filter((e) => e.type === "executed")).toHaveLength(1);
  });

  it("refuses an admin without compliance:manage and the customer; nothing changes", async () => {
    const { owner, release, request } = await approved("correction");
    const text = { title: release.title, body: release.body.replace("250", "251") };
    for (const attacker of [await seedAdmin(["press-releases:publish", "users:manage"]), owner, await seedUser()]) {
      expect(
        (
          await errorOf(
            executeLegalRequest({ legalRequestId: request.id, adminUserId: attacker.id, measure: "text", text, publicNote: "Korrigiert." }),
          )
        ).code,
      ).toBe("forbidden");
    }
    expect(await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).toMatchObject({
      body: release.body,
      contentHash: release.contentHash,
    });
    expect((await db.legalRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("approved");
    expect(await db.pressReleaseCorrection.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("refuses to execute what is not approved", async () => {
    const editor = await complianceAdmin();
    const { release } = await seedPublishedRelease();
    const received = await seedLegalRequest({ track: "depublication", releaseId: release.id });
    expect((await errorOf(executeLegalRequest({ legalRequestId: received.id, adminUserId: editor.id, measure: "depublish" }))).code).toBe(
      "conflict",
    );
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
  });
});

describe("the evidence trail is insert-only", () => {
  it("the database refuses UPDATE and DELETE on legal_request_events and press_release_corrections", async () => {
    const { editor, request } = await approved("depublication");
    await executeLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, measure: "depublish" });
    expect(
      await databaseRefusal(db.legalRequestEvent.updateMany({ where: { legalRequestId: request.id }, data: { type: "forged" } })),
    ).toEqual(insertOnlyRefusal("legal_request_events"));
    expect(await databaseRefusal(db.legalRequestEvent.deleteMany({ where: { legalRequestId: request.id } }))).toEqual(
      insertOnlyRefusal("legal_request_events"),
    );
    expect(
      await databaseRefusal(db.pressReleaseCorrection.updateMany({ where: { legalRequestId: request.id }, data: { note: "forged" } })),
    ).toEqual(insertOnlyRefusal("press_release_corrections"));
    expect(await databaseRefusal(db.pressReleaseCorrection.deleteMany({ where: { legalRequestId: request.id } }))).toEqual(
      insertOnlyRefusal("press_release_corrections"),
    );
    for (const table of ["legal_request_events", "press_release_corrections"])
      expect(await databaseRefusal(db.$executeRawUnsafe(`TRUNCATE ${table} CASCADE`))).toMatchObject({ sqlState: "23001" });
    expect((await eventsOf(request.id)).map((e) => e.type)).toEqual(["review_started", "approved", "executed"]);
  });
});
