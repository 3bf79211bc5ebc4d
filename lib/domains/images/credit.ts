import type { Edition } from "@/lib/domains/sites";

export type AiDeclaration = "without_ai" | "ai_assisted" | "ai_generated";

/**
 * The label the portal adds to an image, stored apart from the customer's own credit statement
 * (spec 2.4). It comes from the customer's AI declaration and the file's own provenance data;
 * the precheck never sets it (spec 9).
 */
export function portalLabelFor(opts: {
  declaration: AiDeclaration | null;
  provenanceAiGenerated: boolean;
  language: Edition;
}): string | null {
  const generated = opts.declaration === "ai_generated" || opts.provenanceAiGenerated;
  if (generated) return opts.language === "de" ? "KI-generiert" : "AI-generated";
  if (opts.declaration === "ai_assisted") return opts.language === "de" ? "KI-bearbeitet" : "AI-edited";
  return null;
}

/** The credit under the image and in the og variant's bar: "© statement · label". */
export function creditLine(image: { customerStatement: string | null; portalLabel: string | null }): string {
  const statement = image.customerStatement?.trim();
  const parts = [statement ? (statement.startsWith("©") ? statement : `© ${statement}`) : null, image.portalLabel].filter(Boolean);
  return parts.join(" · ");
}
