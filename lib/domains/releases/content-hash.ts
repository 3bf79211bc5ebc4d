import { createHash } from "node:crypto";
import { textWithoutMarkup } from "./text-without-markup";

export { textWithoutMarkup };

/** content_hash: SHA-256 over the title plus the text without markup (spec 2.3). */
export function contentHash(title: string, bodyHtml: string): string {
  return createHash("sha256")
    .update(`${title.trim()}\n${textWithoutMarkup(bodyHtml)}`)
    .digest("hex");
}
