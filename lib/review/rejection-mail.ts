import { getSiteHosts, siteOrigin } from "@/lib/sites";
import { escapeHtml } from "@/lib/mail/escape-html";

function links(releaseId: number) {
  const hub = siteOrigin("hub", getSiteHosts());
  return { qualityUrl: `${hub}/quality`, editUrl: `${hub}/dashboard/releases/${releaseId}` };
}

function compose(de: boolean, subject: string, intro: string, items: string[], closing: string[], releaseId: number) {
  const { qualityUrl, editUrl } = links(releaseId);
  const text = [intro, "", ...items.map((i) => `- ${i}`), "", ...closing, de ? `Unsere Qualitätsrichtlinien: ${qualityUrl}` : `Our quality guidelines: ${qualityUrl}`, de ? `Meldung bearbeiten: ${editUrl}` : `Edit the release: ${editUrl}`].join("\n");
  const html = `<p>${escapeHtml(intro)}</p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>${closing.map((c) => `<p>${escapeHtml(c)}</p>`).join("")}<p><a href="${qualityUrl}">${de ? "Qualitätsrichtlinien" : "Quality guidelines"}</a> · <a href="${editUrl}">${de ? "Meldung bearbeiten" : "Edit the release"}</a></p>`;
  return { subject, text, html };
}

/** The rejection mail: reasons, the attempt counter and a link to the quality page (spec 3.1). */
export function rejectionMail(opts: { title: string; language: "de" | "en"; attempt: number; maxAttempts: number; reasons: { message: string }[]; releaseId: number }) {
  const de = opts.language === "de";
  return compose(
    de,
    de ? `Pressemitteilung nicht veröffentlicht: ${opts.title}` : `Press release not published: ${opts.title}`,
    de ? `Ihre Pressemitteilung „${opts.title}“ wurde bei der automatischen Prüfung abgelehnt.` : `Your press release "${opts.title}" did not pass the automatic check.`,
    opts.reasons.map((r) => r.message),
    [de ? `Prüfung ${opts.attempt} von ${opts.maxAttempts}.` : `Check ${opts.attempt} of ${opts.maxAttempts}.`],
    opts.releaseId,
  );
}

/** A release an editor returned with a comment. */
export function returnedMail(opts: { title: string; language: "de" | "en"; comment: string; releaseId: number }) {
  const de = opts.language === "de";
  return compose(
    de,
    de ? `Rückfrage zu Ihrer Pressemitteilung: ${opts.title}` : `Your press release needs changes: ${opts.title}`,
    de ? `Unsere Redaktion hat Ihre Pressemitteilung „${opts.title}“ mit einem Kommentar zurückgegeben.` : `Our editors returned your press release "${opts.title}" with a comment.`,
    [opts.comment],
    [de ? "Nach Ihrer Überarbeitung prüft ein Mensch die Meldung erneut." : "After you revise it, a person will check it again."],
    opts.releaseId,
  );
}
