import { escapeHtml } from "@/lib/mail/escape-html";
/**
 * What of a typed-in name a mail may repeat: letters, digits and the few marks names use, at most
 * 60. A stranger can register any address with any "name"; the mail then goes to the address's
 * owner, so a name like "Ihr Konto ist gesperrt: https://…" must not arrive there as our words.
 */
export function plainName(name: string): string {
  // A dot only where names have one ("Dr. Wendt"), never inside a word: "evil.example" is a link.
  return name.normalize("NFKC").replace(/[^\p{L}\p{M}\p{N} .'’-]/gu, " ").replace(/\.(?=\S)/g, " ").replace(/\s+/g, " ").trim().slice(0, 60).trim();
}

/** The two mails of a registration; German, like the hub. */
export const registrationMails = {
  welcome(name: string, url: string, ttlMinutes: number) {
    const plain = plainName(name);
    const greeting = plain ? `Hallo ${plain},` : "Hallo,";
    const text = `${greeting}\n\nwillkommen bei Pressdesk. Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link (gültig ${ttlMinutes} Minuten, einmal verwendbar):\n\n${url}\n\nÖffnen Sie ihn in dem Browser, in dem Sie sich registriert haben: Dann gilt Ihr Passwort sofort. In einem anderen Browser meldet der Link Sie an, und Sie legen Ihr Passwort unter „Sicherheit“ neu fest.\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.`;
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
