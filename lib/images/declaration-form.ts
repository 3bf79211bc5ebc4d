import type { AiDeclaration } from "./credit";

const DECLARATIONS: readonly string[] = ["without_ai", "ai_assisted", "ai_generated"];

/** The correction form's fields (dashboard and admin): what changed goes to correctImageDeclaration. */
export function declarationFormFields(form: FormData): { customerStatement: string; alt: string | null; aiDeclaration?: AiDeclaration; reason: string | null } {
  const text = (name: string, max: number) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, max).trim() : "";
  };
  const ai = text("ai_declaration", 20);
  return {
    customerStatement: text("copyright", 400),
    alt: text("alt", 600) || null,
    ...(DECLARATIONS.includes(ai) ? { aiDeclaration: ai as AiDeclaration } : {}),
    reason: text("reason", 1000) || null,
  };
}
