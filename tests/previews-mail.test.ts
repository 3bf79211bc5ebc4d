import { describe, expect, it } from "vitest";
import { MAIL_TYPES } from "@/lib/domains/mail/mail-types";
import { releasePreviewMail } from "@/lib/domains/mail/templates/release-preview";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

// The preview mail (docs/previews.md): German and English, the embargo in Berlin time, and the
// token link exactly as made (no tracking parameter), no unsubscribe link (it is sent once, asked for).

const URL_ = `${siteOrigin("hub", getSiteHosts())}/vorschau/${"P".repeat(43)}`;
const base = {
  recipientName: "Jana Beispiel",
  newsroomName: "Nordlicht Energie GmbH",
  releaseTitle: "Nordlicht baut Batteriespeicher",
  url: URL_,
  expiresAt: null,
};
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("the release_preview mail", () => {
  it("is a transactional mail type without an unsubscribe scope", () => {
    expect(MAIL_TYPES.release_preview).toMatchObject({ unsubscribeScope: null });
  });

  it("names the embargo in Berlin time, in German and in English, with the link exactly as made", async () => {
    const embargoAt = new Date("2031-07-01T07:00:00Z");
    const de = await releasePreviewMail({ ...base, language: "de", embargoAt });
    const en = await releasePreviewMail({ ...base, language: "en", embargoAt });
    expect(de.subject).toBe("Vertrauliche Vorschau: „Nordlicht baut Batteriespeicher“");
    expect(de.text).toContain("Sperrfrist: 1. Juli 2031 um 09:00 MESZ. Bitte nicht vor diesem Zeitpunkt veröffentlichen.");
    expect(de.text).toContain("Guten Tag Jana Beispiel,");
    expect(en.subject).toBe('Confidential preview: "Nordlicht baut Batteriespeicher"');
    expect(en.text).toMatch(/Embargo: 1 July 2031 at 09:00 CEST\. Please do not publish before this time\./);
    for (const mail of [de, en]) {
      expect(mail.text).toContain(URL_);
      expect(hrefs(mail.html)).toEqual([URL_]);
    }
  });

  it("says that no date is set while the release is in review, and the link's own end", async () => {
    const mail = await releasePreviewMail({ ...base, language: "de", embargoAt: null, expiresAt: new Date("2031-01-10T11:00:00Z") });
    expect(mail.text).toContain("noch nicht zur Veröffentlichung freigegeben");
    expect(mail.text).toContain("Der Link gilt bis zum 10. Januar 2031 um 12:00 MEZ.");
  });

  it("repeats only the plain part of names the sender typed in", async () => {
    const mail = await releasePreviewMail({ ...base, language: "de", embargoAt: null, recipientName: "Jana https://evil.example/x <b>" });
    expect(mail.text + mail.html).not.toMatch(/evil\.example|<b>/);
  });
});
