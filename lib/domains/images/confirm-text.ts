import { getConfig } from "@/lib/core/config";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";

/**
 * The confirmation wording a new upload must confirm (spec 2.4, 9). The switch decides which
 * form is in force, not the newest stored text: v3 exists without an effective date and is never
 * current, and with IMAGE_RIGHTS_V2 off a client cannot submit the v2 form either.
 */
export function currentConfirmTextKey(): { key: string; formVersion: "v1" | "v2" } {
  return getConfig().images.rightsV2 ? { key: "img-confirm-v2", formVersion: "v2" } : { key: "img-confirm-v1", formVersion: "v1" };
}

export async function currentConfirmText(client: DbOrTx = db): Promise<{ key: string; body: string; formVersion: "v1" | "v2" }> {
  const current = currentConfirmTextKey();
  const text = await client.legalText.findUnique({ where: { key: current.key }, select: { body: true } });
  if (!text) throw new Error(`legal text ${current.key} is missing (migration image-legal-texts)`);
  return { ...current, body: text.body };
}

/** 422 naming the current identifier when a client confirmed another wording (spec 4.2). */
export function assertCurrentConfirmText(submitted: string): { key: string; formVersion: "v1" | "v2" } {
  const current = currentConfirmTextKey();
  if (submitted !== current.key) {
    throw new AppError(
      "validation_failed",
      `The confirmation text ${submitted ? `"${submitted.slice(0, 40)}" ` : ""}is not the current one; confirm ${current.key}.`,
      { current_text_version: current.key },
      [{ path: "confirm_text_version", message: `must be ${current.key}` }],
    );
  }
  return current;
}
