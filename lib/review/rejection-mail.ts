import { getSiteHosts, siteOrigin } from "@/lib/sites";

/** The rejection mail: reasons, the attempt counter and a link to the quality page (spec 3.1). */
export function rejectionMail(opts: { title: string; language: "de" | "en"; attempt: number; maxAttempts: number; reasons: { message: string }[]; releaseId: number }) {
  const qualityUrl = `${siteOrigin("hub", getSiteHosts())}/quality`;
  const editUrl = `${siteOrigin("hub", getSiteHosts())}/dashboard/releases/${opts.releaseId}`;
  const de = opts.language === "de";
  const subject = de ? `Pressemitteilung nicht veröffentlicht: ${opts.title}` : `Press release not published: ${opts.title}`;
  const lines = [
    de ? `Ihre Pressemitteilung „${opts.title}“ wurde bei der automatischen Prüfung abgelehnt.` : `Your press release "${opts.title}" did not pass the automatic check.`,
    "",
    ...(opts.reasons.map((r) => `- ${r.message}`)),
    "",
    de ? `Prüfung ${opts.attempt} von ${opts.maxAttempts}.` : `Check ${opts.attempt} of ${opts.maxAttempts}.`,
    de ? `Unsere Qualitätsrichtlinien: ${qualityUrl}` : `Our quality guidelines: ${qualityUrl}`,
    de ? `Meldung bearbeiten: ${editUrl}` : `Edit the release: ${editUrl}`,
  ];
  const text = lines.join("\n");
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const html = `<p>${esc(lines[0]!)}</p><ul>${opts.reasons.map((r) => `<li>${esc(r.message)}</li>`).join("")}</ul><p>${esc(lines.at(-3)!)}</p><p><a href="${qualityUrl}">${de ? "Qualitätsrichtlinien" : "Quality guidelines"}</a> · <a href="${editUrl}">${de ? "Meldung bearbeiten" : "Edit the release"}</a></p>`;
  return { subject, text, html };
}
