import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { IMAGE_SUBJECT } from "@/lib/domains/evidence/jobs";
import { recordArchiveEntry } from "@/lib/domains/evidence/record-archive-entry";
import { seedCompany, seedRelease, seedUser } from "@/tests/factories";
import { complianceAdmin } from "@/tests/legal-request-fixtures";
import { signIn, signInPasswordOnly, withPageSession } from "@/tests/page-session";
import { seedAdmin } from "@/tests/release-fixtures";
import { setEvidenceHoldAction } from "./actions";

// The legal hold on a release's evidence (spec 1.5) as compliance staff set it on
// /admin/releases/{id}/images, and as others try to: a customer gets 403, staff without a
// confirmed session go to the confirmation, an admin without compliance:manage a form message;
// forged ids and input are form messages, never a change and never a 500.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));

const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function archivedRelease() {
  const release = await seedRelease({
    companyId: (await seedCompany()).id,
    status: "published",
    publishedAt: new Date(),
    publishedEverAt: new Date(),
  });
  const image = await db.pressReleaseImage.create({
    data: {
      pressReleaseId: release.id,
      bytesSha256: "c".repeat(64),
      metadataHash: "d".repeat(64),
      mimeType: "image/jpeg",
      width: 800,
      height: 600,
      sizeBytes: 10,
      displayPath: "img/x/a.jpg",
      rulesVersion: "r",
      storagePrefix: randomBytes(6).toString("hex"),
      publishedEverAt: new Date(),
    },
  });
  const entry = await recordArchiveEntry(db, release.id, {
    kind: "rights_confirmation",
    subjectType: IMAGE_SUBJECT,
    subjectId: image.id,
    payload: { confirmationId: 1 },
  });
  return { release, entry };
}
const holdOf = async (id: number) => (await db.archiveEntry.findUniqueOrThrow({ where: { id } })).holdUntil;

describe("setEvidenceHoldAction", () => {
  it("refuses customers (403), unconfirmed staff (to the confirmation) and admins without compliance:manage (form message)", async () => {
    const { release, entry } = await archivedRelease();
    const valid = form({ until: inDays(60), reason: "Einstweilige Verfügung beantragt" });
    await signIn((await seedUser()).id);
    expect(await outcome(setEvidenceHoldAction(release.id, null, valid))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    await signInPasswordOnly((await complianceAdmin()).id);
    expect(String(await outcome(setEvidenceHoldAction(release.id, null, valid)))).toMatch(/^NEXT_REDIRECT;.*\/admin\/confirm/);
    await signIn((await seedAdmin(["press-releases:publish", "users:manage"])).id);
    expect(await setEvidenceHoldAction(release.id, null, valid)).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Dafür fehlt Ihnen die Berechtigung „compliance:manage“.",
    });
    expect(await holdOf(entry.id)).toBeNull();
  });

  it("sets and lifts the hold for compliance staff; forged ids, dates and reasons are form messages", async () => {
    const { release, entry } = await archivedRelease();
    await signIn((await complianceAdmin()).id);
    for (const id of [0, -1, 1.5, Number.NaN, "7x" as unknown as number]) {
      expect(await setEvidenceHoldAction(id, null, form({ until: inDays(5), reason: "Anfrage der Polizei" }))).toMatchObject({
        ok: false,
        message: "Diese Pressemitteilung gibt es nicht (mehr).",
      });
    }
    expect(await setEvidenceHoldAction(2_147_483_647, null, form({ until: inDays(5), reason: "Anfrage der Polizei" }))).toMatchObject({
      ok: false,
      code: "not_found",
    });
    for (const until of ["", "morgen", "2027-02-30", "2027-13-01", inDays(-3), inDays(365 * 31)]) {
      expect(await setEvidenceHoldAction(release.id, null, form({ until, reason: "Anfrage der Polizei" }))).toMatchObject({
        ok: false,
        issues: { until: expect.any(String) },
      });
    }
    expect(await setEvidenceHoldAction(release.id, null, form({ until: inDays(5), reason: "kurz" }))).toMatchObject({
      ok: false,
      issues: { reason: "Bitte nennen Sie den Grund (mindestens 10 Zeichen)." },
    });
    expect(await setEvidenceHoldAction(release.id, null, "not a form" as unknown as FormData)).toMatchObject({
      ok: false,
      issues: { until: expect.any(String) },
    });
    expect(await holdOf(entry.id)).toBeNull();

    const day = inDays(90);
    const set = await setEvidenceHoldAction(release.id, null, form({ until: day, reason: "Rechtsstreit anhängig, Az. 3 O 1/26" }));
    expect(set).toMatchObject({
      ok: true,
      message: `Sperre gesetzt: 1 Archiveinträge bleiben bis einschließlich ${day.split("-").reverse().join(".")} erhalten.`,
    });
    expect((await holdOf(entry.id))?.toISOString()).toBe(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString());

    // A shorter date does not shorten the hold; the form says so.
    const shorter = await setEvidenceHoldAction(release.id, null, form({ until: inDays(30), reason: "Zweite Anfrage, kürzere Frist" }));
    expect(shorter).toMatchObject({
      ok: true,
      message: expect.stringContaining(
        `bis einschließlich ${day.split("-").reverse().join(".")} erhalten. Eine längere Sperre blieb bestehen`,
      ),
    });
    expect((await holdOf(entry.id))?.toISOString()).toBe(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString());

    expect(
      await setEvidenceHoldAction(release.id, null, form({ intent: "lift", reason: "Verfahren beendet, Sperre aufgehoben" })),
    ).toMatchObject({ ok: true });
    expect(await holdOf(entry.id)).toBeNull();
    const withoutEntries = await seedRelease({ companyId: (await seedCompany()).id });
    expect(await setEvidenceHoldAction(withoutEntries.id, null, form({ until: day, reason: "Rechtsstreit anhängig" }))).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });
});
