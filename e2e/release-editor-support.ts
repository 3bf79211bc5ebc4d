import type { Page } from "@playwright/test";

// The release form's text is a rich-text editor (role textbox, named "Text"), not a textarea:
// paragraphs are typed as a person types them, Enter between them.

export const releaseText = (page: Page) => page.getByRole("textbox", { name: "Text", exact: true });

/** Types the paragraphs into the (empty) release text. */
export async function typeReleaseText(page: Page, paragraphs: string[]) {
  await releaseText(page).click();
  for (const [i, paragraph] of paragraphs.entries()) {
    if (i) await page.keyboard.press("Enter");
    await page.keyboard.insertText(paragraph);
  }
}

/** The text's AI self-declaration, required in the form. */
export async function declareAi(page: Page, label: "Ohne KI erstellt" | "Mit KI-Unterstützung" | "KI-generiert" = "Ohne KI erstellt") {
  await page.getByRole("radio", { name: label }).check();
}

/** The summary above the form after a refused save: one link per field to fix (GOV.UK error summary). */
export const errorSummary = (page: Page) =>
  page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /Angaben? fehl(t|en) oder (ist|sind) ungültig/ }) });
