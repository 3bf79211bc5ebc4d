import { describe, expect, it } from "vitest";
import { EMPTY_RELEASE_FORM, validateReleaseForm } from "@/lib/adapters/dashboard/release-rules";
import { LEGAL_TARGET, releaseSummaryItems } from "./release-error-summary";

describe("the release form's error summary", () => {
  it("lists every missing field in page order, each linking to its control", () => {
    const issues = validateReleaseForm({
      ...EMPTY_RELEASE_FORM,
      companyId: "1",
      portal: "business",
      title: "Eine Überschrift mit Länge",
      body: "<p>Zu kurz.</p>",
      location: "Cottbus",
      contactName: "Pressestelle",
      contactEmail: "presse@beispiel.example",
    });
    expect(releaseSummaryItems(issues)).toEqual([
      { target: "categoryId", message: "Bitte wählen Sie eine Kategorie." },
      // The text editor is reached through the label that names it; the choices through their first radio.
      { target: "body-label", message: "Der Text braucht mindestens 150 Zeichen (jetzt 8)." },
      { target: "aiDeclaration", message: "Bitte geben Sie an, ob und wie KI beim Text geholfen hat." },
    ]);
  });

  it("adds the legal documents last, and is empty when nothing is wrong", () => {
    expect(releaseSummaryItems({}, "Bitte bestätigen Sie die Bedingungen.")).toEqual([
      { target: LEGAL_TARGET, message: "Bitte bestätigen Sie die Bedingungen." },
    ]);
    expect(releaseSummaryItems({})).toEqual([]);
  });
});
