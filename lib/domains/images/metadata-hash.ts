import { createHash } from "node:crypto";
import type { AiDeclaration } from "./credit";

/** What the portal states about an image; a change of any of it is a new snapshot (spec 2.4). */
export interface ImageDeclaration {
  customerStatement: string | null;
  portalLabel: string | null;
  alt: string | null;
  aiDeclaration: AiDeclaration | null;
}

export function metadataHashOf(d: ImageDeclaration): string {
  const canonical = JSON.stringify([d.customerStatement, d.portalLabel, d.alt, d.aiDeclaration]);
  return createHash("sha256").update(canonical).digest("hex");
}
