import { escapeHtml } from "@/lib/mail/escape-html";

/** The mail with the confirmation code: the code, how long it works, what to do if it was not you. */
export function emailProofCodeMail(opts: { code: string; ttlMinutes: number; locale: "de" | "en" }) {
  const de = opts.locale === "de";
  // The code stays out of the subject: subjects show up in previews and lists.
  const subject = de ? "Ihr Bestätigungscode" : "Your confirmation code";
  const intro = de
    ? `Mit diesem Code bestätigen Sie Ihre Identität. Er gilt ${opts.ttlMinutes} Minuten und nur einmal.`
    : `Use this code to confirm your identity. It works once and for ${opts.ttlMinutes} minutes.`;
  const warn = de
    ? "Sie haben keinen Code angefordert? Dann ist jemand mit Ihrer Sitzung angemeldet: Ändern Sie Ihr Passwort und melden Sie alle Geräte ab."
    : "Did not ask for a code? Then someone is using your session: change your password and sign out all devices.";
  const text = [intro, "", opts.code, "", warn].join("\n");
  const html = `<p>${escapeHtml(intro)}</p><p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(opts.code)}</strong></p><p>${escapeHtml(warn)}</p>`;
  return { subject, text, html };
}
