import { escapeHtml } from "@/lib/mail/escape-html";

/**
 * The confirmation mail for a first linking that the provider does not vouch for (spec 5.9).
 * It goes to the account address, so only the mailbox owner can allow the binding.
 */
export function accountLinkMail(opts: { url: string; providerName: string; language: "de" | "en"; ttlMinutes: number }) {
  const { url, providerName, ttlMinutes } = opts;
  const de = opts.language === "de";
  const subject = de ? `Anmeldung mit ${providerName} bestätigen` : `Confirm signing in with ${providerName}`;
  const lines = de
    ? [
        `Jemand möchte sich mit einem ${providerName}-Konto bei Ihrem Konto anmelden.`,
        `Wenn Sie das waren, öffnen Sie diesen Link innerhalb von ${ttlMinutes} Minuten in demselben Browser, in dem Sie die Anmeldung begonnen haben:`,
        "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail. Ohne Bestätigung wird nichts verknüpft.",
      ]
    : [
        `Someone wants to sign in to your account with a ${providerName} account.`,
        `If that was you, open this link within ${ttlMinutes} minutes in the same browser where you started signing in:`,
        "If it was not you, ignore this e-mail. Nothing is linked without your confirmation.",
      ];
  const text = [lines[0], "", lines[1], url, "", lines[2]].join("\n");
  const html = `<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(lines[2]!)}</p>`;
  return { subject, text, html };
}
