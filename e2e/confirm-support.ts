import { expect, type Page } from "@playwright/test";

/**
 * Answers the confirmation a destructive action asks (the page's modal dialog) with its
 * confirming button, the last one; returns the dialog's text so a test can check what it said.
 */
export async function confirmInDialog(page: Page): Promise<string> {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button").last().click();
  await expect(dialog).toBeHidden();
  return text;
}
