import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import type { ErrorCode } from "@/lib/core/errors/errors";
import { UNREADABLE_TEXT_MESSAGE } from "@/lib/core/input/text";
import type { AiDeclaration } from "./credit";

const DECLARATIONS: readonly string[] = ["without_ai", "ai_assisted", "ai_generated"];

/** The correction form's fields (dashboard and admin): what changed goes to correctImageDeclaration. */
export function declarationFormFields(form: FormData): {
  customerStatement: string;
  alt: string | null;
  aiDeclaration?: AiDeclaration;
  reason: string | null;
} {
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

const FIELD_TEXTS = {
  copyright: {
    unreadable:
      "Der Bildnachweis enthält ein Steuer- oder Sonderzeichen, das nicht lesbar ist (oft aus einer kopierten Vorlage). Bitte tippen Sie ihn neu.",
    other: "Der Bildnachweis braucht 2 bis 200 Zeichen.",
  },
  alt: {
    unreadable:
      "Die Bildbeschreibung enthält ein Steuer- oder Sonderzeichen, das nicht lesbar ist (oft aus einer kopierten Vorlage). Bitte tippen Sie sie neu.",
    other: "Die Bildbeschreibung darf höchstens 300 Zeichen haben.",
  },
} as const;

/** A refused correction as the correction forms show it: the field issues of credit and alt text in German. */
export function declarationFormError(err: unknown, messages: Partial<Record<ErrorCode, string>> = {}): ActionResult {
  const result = actionError(err, { validation_failed: "Bitte prüfen Sie die markierten Angaben zum Bild.", ...messages });
  for (const field of ["copyright", "alt"] as const) {
    const issue = result.issues?.[field];
    if (issue) result.issues![field] = issue === UNREADABLE_TEXT_MESSAGE ? FIELD_TEXTS[field].unreadable : FIELD_TEXTS[field].other;
  }
  return result;
}
