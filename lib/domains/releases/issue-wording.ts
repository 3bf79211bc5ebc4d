// How a refused release rule reads: German for the dashboard, the paid change and the legal
// correction, English for the APIs. Pure: the form words its live checks with it in the browser.
import { UNACCEPTABLE_TEXT_MESSAGE, UNREADABLE_TEXT_MESSAGE } from "@/lib/core/input/text";
import { IMPLAUSIBLE_DOMAIN_FORM_MESSAGE, IMPLAUSIBLE_DOMAIN_MESSAGE } from "@/lib/domains/mail/domain-checks/messages";
import { RELEASE_LIMITS } from "./rules";
import type { WriteIssue } from "./write-issues";

const de = (n: number) => n.toLocaleString("de-DE");

/** Pasted text can carry a NUL or a broken emoji half; the database cannot store either. */
export const UNSTORABLE_DE = "Der Text enthält ein unzulässiges Steuerzeichen. Bitte tippen Sie die Stelle neu.";
/** Storable, but no text: a control character or noncharacter, often from a copied template. */
export const UNREADABLE_DE =
  "Der Text enthält ein Steuer- oder Sonderzeichen, das nicht lesbar ist (oft aus einer kopierten Vorlage). Bitte tippen Sie die Stelle neu.";

const FIELD_DE = {
  lead: "Der Vorspann",
  location: "Die Ortsmarke",
  contactName: "Der Name",
  contactEmail: "Die E-Mail-Adresse",
  contactPhone: "Die Telefonnummer",
} as const;

export function germanIssue(issue: WriteIssue): string {
  if (issue.rule === "unstorable") return UNSTORABLE_DE;
  if (issue.rule === "unreadable") return UNREADABLE_DE;
  switch (issue.field) {
    case "title":
      return `Die Überschrift braucht ${RELEASE_LIMITS.titleMin} bis ${RELEASE_LIMITS.titleMax} Zeichen (jetzt ${issue.actual ?? 0}).`;
    case "body":
      if (issue.rule === "too_short") return `Der Text braucht mindestens ${de(issue.limit!)} Zeichen (jetzt ${de(issue.actual!)}).`;
      if (issue.rule === "too_long") return `Der Text darf höchstens ${de(issue.limit!)} Zeichen lang sein (jetzt ${de(issue.actual!)}).`;
      return "Der Text ist mit seiner Formatierung zu umfangreich. Bitte kürzen Sie ihn oder verwenden Sie weniger Formatierungen.";
    case "location":
      if (issue.rule === "required") return "Bitte geben Sie die Ortsmarke an (z. B. Hamburg).";
      break;
    case "contactName":
      if (issue.rule === "required") return "Bitte nennen Sie einen Pressekontakt.";
      break;
    case "contactEmail":
      if (issue.rule === "required" || issue.rule === "not_an_address") return "Bitte geben Sie eine gültige E-Mail-Adresse an.";
      if (issue.rule === "undeliverable") return IMPLAUSIBLE_DOMAIN_FORM_MESSAGE;
      break;
    case "keywords":
      if (issue.rule === "too_many") return `Höchstens ${issue.limit} Schlagwörter.`;
      return `Ein Schlagwort darf höchstens ${issue.limit} Zeichen lang sein.`;
    case "newsroom":
      return issue.rule === "required" ? "Bitte wählen Sie einen Newsroom." : "Dieser Newsroom gehört nicht zu Ihrem Konto.";
    case "portal":
      return issue.rule === "required" ? "Bitte wählen Sie ein Portal." : "Dieser Newsroom veröffentlicht nicht auf diesem Portal.";
    case "language":
      return "Bitte wählen Sie Deutsch oder Englisch.";
    case "category":
      return issue.rule === "required" ? "Bitte wählen Sie eine Kategorie." : "Bitte wählen Sie eine aktive Kategorie dieses Portals.";
    case "scheduledAt":
      return issue.rule === "in_past"
        ? "Der Veröffentlichungszeitpunkt muss in der Zukunft liegen."
        : "Bitte geben Sie Datum und Uhrzeit vollständig an.";
    case "aiDeclaration":
      return "Bitte geben Sie an, ob und wie KI beim Text geholfen hat.";
  }
  if (issue.rule === "too_long" && issue.field in FIELD_DE) {
    return `${FIELD_DE[issue.field as keyof typeof FIELD_DE]} darf höchstens ${de(issue.limit!)} Zeichen lang sein (jetzt ${de(issue.actual!)}).`;
  }
  return "Bitte prüfen Sie dieses Feld.";
}

export function englishIssue(issue: WriteIssue): string {
  if (issue.rule === "unstorable") return UNACCEPTABLE_TEXT_MESSAGE;
  if (issue.rule === "unreadable") return UNREADABLE_TEXT_MESSAGE;
  switch (issue.rule) {
    case "required":
      return "Required.";
    case "too_short":
      return issue.field === "body"
        ? `The text needs at least ${issue.limit} characters.`
        : `At least ${issue.limit} characters (it has ${issue.actual}).`;
    case "too_long":
      return issue.field === "body"
        ? `The text may have at most ${issue.limit} characters without markup (it has ${issue.actual}).`
        : `At most ${issue.limit} characters (it has ${issue.actual}).`;
    case "too_much_markup":
      return `The text's HTML may have at most ${issue.limit} characters.`;
    case "too_many":
      return `At most ${issue.limit} items.`;
    case "not_an_address":
      return "Not a valid e-mail address.";
    case "undeliverable":
      return IMPLAUSIBLE_DOMAIN_MESSAGE;
    case "not_on_portal":
      return `This newsroom publishes on ${(issue.portals ?? []).join(" and ")}.`;
    case "not_active":
      return issue.slug !== undefined
        ? `No active category "${issue.slug}" on the ${issue.portal} portal.`
        : `No active category on the ${issue.portal} portal.`;
    case "in_past":
      return "The publication time must lie ahead.";
    case "not_yours":
      return "You are not a member of this newsroom.";
  }
}
