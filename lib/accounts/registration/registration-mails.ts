import { escapeHtml } from "@/lib/mail/escape-html";
/** The two mails of a registration; German, like the hub. */
export const registrationMails = {
  welcome(name: string, url: string, ttlMinutes: number) {
    const text = `Hallo ${name},\n\nwillkommen bei Pressdesk. Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link (gültig ${ttlMinutes} Minuten, einmal verwendbar):\n\n${url}\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.`;
    return { subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse", text, html: htmlOf(text, url) };
  },
  alreadyRegistered(url: string, ttlMinutes: number) {
    const text = `Hallo,\n\njemand wollte mit dieser Adresse ein neues Konto anlegen. Sie haben bereits ein Konto. Mit diesem Link melden Sie sich an (gültig ${ttlMinutes} Minuten):\n\n${url}\n\nWaren Sie das nicht, können Sie diese E-Mail ignorieren.`;
    return { subject: "Sie haben bereits ein Konto", text, html: htmlOf(text, url) };
  },
};


function htmlOf(text: string, url: string): string {
  return text
    .split("\n\n")
    .map((p) => (p === url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`))
    .join("\n");
}
