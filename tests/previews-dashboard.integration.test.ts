import { describe, expect, it, vi } from "vitest";
import { createPreviewLinkAction, revokePreviewLinkAction } from "@/app/hub/dashboard/releases/[id]/preview-actions";
import { previewLinksPanel } from "@/lib/adapters/dashboard/preview-links";
import { db } from "@/lib/core/db/client";
import { signIn, withPageSession } from "./page-session";
import { previewWorld, RECIPIENT } from "./previews-fixtures";

// The release page's preview panel behind a real session cookie (docs/previews.md): the form
// read into the domain's fields, its refusals in German, and the panel only for owners and
// responsibles.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const filled = (extra: Record<string, string> = {}) => form({ ...RECIPIENT, ...extra });

describe("the preview panel's actions", () => {
  it("an owner makes a link (shown once), sees it in the panel, and revokes it twice without harm", async () => {
    const w = await previewWorld();
    await signIn(w.owner.id);
    const created = await createPreviewLinkAction(w.release.id, null, filled({ validUntil: "2099-12-31T18:00" }));
    expect(created).toMatchObject({ ok: false, issues: { expiresAt: "Ein Vorschau-Link gilt höchstens ein Jahr." } });
    const ok = await createPreviewLinkAction(w.release.id, null, filled({ mail: "1" }));
    expect(ok).toMatchObject({ ok: true, message: "Vorschau-Link für Jana Beispiel angelegt und per E-Mail gesendet." });
    expect(ok.url).toMatch(/\/vorschau\/[A-Za-z0-9_-]{43}$/);
    const panel = await previewLinksPanel(w.owner.id, w.release.id);
    expect(panel?.links).toHaveLength(1);
    const link = panel!.links[0]!;
    expect(link).toMatchObject({ state: "active", recipientEmail: RECIPIENT.recipientEmail });
    expect(link.mailedAt).not.toBeNull();

    for (let i = 0; i < 2; i++)
      expect(await revokePreviewLinkAction(w.release.id, link.id)).toEqual({
        ok: true,
        message: "Link widerrufen. Wer ihn öffnet, sieht die Pressemitteilung nicht mehr.",
      });
    expect((await previewLinksPanel(w.owner.id, w.release.id))?.links[0]?.state).toBe("revoked");
  });

  it("words field issues, a wrong date and a release that left review in German", async () => {
    const w = await previewWorld();
    await signIn(w.responsible.id);
    expect(
      await createPreviewLinkAction(w.release.id, null, form({ recipientName: "", recipientEmail: "x", outlet: "Blatt" })),
    ).toMatchObject({
      ok: false,
      code: "validation_failed",
      message: "Bitte prüfen Sie die markierten Felder.",
      issues: {
        recipientName: "Bitte geben Sie den Namen der Empfängerin oder des Empfängers an.",
        recipientEmail: "Bitte geben Sie eine gültige E-Mail-Adresse an.",
      },
      values: { recipientName: "", recipientEmail: "x", outlet: "Blatt", mail: false },
    });
    expect(await createPreviewLinkAction(w.release.id, null, filled({ validUntil: "morgen" }))).toMatchObject({
      ok: false,
      issues: { expiresAt: "Bitte geben Sie Datum und Uhrzeit an, oder lassen Sie das Feld leer." },
    });
    await db.pressRelease.update({ where: { id: w.release.id }, data: { status: "draft" } });
    expect(await createPreviewLinkAction(w.release.id, null, filled())).toMatchObject({
      ok: false,
      message: "Vorschau-Links gibt es nur, solange die Pressemitteilung in Prüfung oder geplant ist.",
    });
    // No link was ever made, so a draft has no panel.
    expect(await previewLinksPanel(w.responsible.id, w.release.id)).toBeNull();
  });

  it("shows a member no panel and refuses them; another newsroom's owner finds no release", async () => {
    const w = await previewWorld();
    await signIn(w.member.id);
    expect(await previewLinksPanel(w.member.id, w.release.id)).toBeNull();
    expect(await createPreviewLinkAction(w.release.id, null, filled())).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Vorschau-Links verwalten die Inhaberinnen und Inhaber sowie die Verantwortlichen des Newsrooms.",
    });
    await signIn(w.outsider.id);
    expect(await previewLinksPanel(w.outsider.id, w.release.id)).toBeNull();
    expect(await createPreviewLinkAction(w.release.id, null, filled())).toMatchObject({
      ok: false,
      code: "not_found",
      message: "Diese Pressemitteilung gibt es nicht (mehr).",
    });
    expect(await revokePreviewLinkAction(w.release.id, 2_000_000_000)).toMatchObject({ ok: false, code: "not_found" });
    expect(await createPreviewLinkAction("12abc" as unknown as number, null, filled())).toMatchObject({ ok: false, code: "not_found" });
    expect(await db.previewLink.count({ where: { pressReleaseId: w.release.id } })).toBe(0);
  });
});
