import { createHash } from "node:crypto";

/** What tells one version of a topic's content from another. */
export function contentHash(document: string): string {
  return createHash("sha256").update(document).digest("hex");
}
