import type { PrecheckCategory, PrecheckScores } from "./types";

// Spec 8: thresholds 0.85 (reject) and 0.6 (queue); spec 3.1 says which category leads where.
export const REJECT_THRESHOLD = 0.85;
export const QUEUE_THRESHOLD = 0.6;

export type PrecheckOutcome = "pass" | "hint" | "queue" | "reject";

export interface PrecheckReason {
  code: string;
  category: PrecheckCategory;
  score: number;
  outcome: "hint" | "queue" | "reject";
  message: string;
}

type Rule =
  | { kind: "reject"; code: string; reject: string; queue: string } // >= 0.85 reject, 0.6 to < 0.85 queue
  | { kind: "queue"; code: string; queue: string } // >= 0.6 queue
  | { kind: "hint"; code: string; hint: string }; // >= 0.6 hint

const CHECKED = " Es wird vor der Veröffentlichung von uns geprüft; die Meldung läuft weiter.";

// Messages are shown to the customer: short, German, no scores.
const RULES: Record<PrecheckCategory, Rule> = {
  watermark: {
    kind: "reject",
    code: "stock_watermark",
    reject: "Das Bild trägt das Wasserzeichen einer Bildagentur und kann nicht verwendet werden.",
    queue: `Das Bild trägt möglicherweise ein Wasserzeichen.${CHECKED}`,
  },
  nudity: {
    kind: "reject",
    code: "nudity",
    reject: "Das Bild zeigt Nacktheit und kann nicht verwendet werden.",
    queue: `Das Bild zeigt möglicherweise Nacktheit.${CHECKED}`,
  },
  violence: {
    kind: "reject",
    code: "violence",
    reject: "Das Bild zeigt Gewalt und kann nicht verwendet werden.",
    queue: `Das Bild zeigt möglicherweise Gewalt.${CHECKED}`,
  },
  document: {
    kind: "reject",
    code: "document",
    reject: "Das Bild ist ein Dokument (Scan oder Foto eines Schriftstücks) und kann nicht als Pressebild verwendet werden.",
    queue: `Das Bild ist möglicherweise ein Dokument.${CHECKED}`,
  },
  screenshot: { kind: "queue", code: "screenshot", queue: `Das Bild sieht aus wie ein Bildschirmfoto.${CHECKED}` },
  foreign_logo: {
    kind: "queue",
    code: "foreign_logo",
    queue: `Das Bild zeigt möglicherweise ein fremdes Logo oder eine fremde Marke.${CHECKED}`,
  },
  people: {
    kind: "hint",
    code: "people",
    hint: "Auf dem Bild sind Personen zu sehen. Bitte achten Sie darauf, dass die Abgebildeten mit der Veröffentlichung einverstanden sind.",
  },
  ai_generated: {
    kind: "hint",
    code: "ai_generated",
    hint: "Das Bild wirkt KI-erzeugt, ist aber als „ohne KI“ angegeben. Bitte prüfen Sie Ihre Angabe.",
  },
  technical_defect: {
    kind: "hint",
    code: "technical_defect",
    hint: "Das Bild ist technisch mangelhaft (stark unter- oder überbelichtet oder unscharf).",
  },
};

const SEVERITY: Record<PrecheckOutcome, number> = { pass: 0, hint: 1, queue: 2, reject: 3 };

function reasonFor(category: PrecheckCategory, score: number, declaredWithoutAi: boolean): PrecheckReason | null {
  const rule = RULES[category];
  const at = (outcome: PrecheckReason["outcome"], message: string): PrecheckReason => ({
    code: rule.code,
    category,
    score,
    outcome,
    message,
  });
  if (score < QUEUE_THRESHOLD) return null;
  switch (rule.kind) {
    case "reject":
      return score >= REJECT_THRESHOLD ? at("reject", rule.reject) : at("queue", rule.queue);
    case "queue":
      return at("queue", rule.queue);
    case "hint":
      // "Appears AI-made" only contradicts a declaration of "without AI"; otherwise it says nothing new.
      if (category === "ai_generated" && !declaredWithoutAi) return null;
      return at("hint", rule.hint);
  }
}

/**
 * The precheck outcome from an analyser's scores (spec 3.1 image rows, spec 8 thresholds): the worst
 * reason wins. Stage 1 looks at the watermark only; every other score is ignored until stage 2.
 * The outcome never sets the image's AI labelling: that stays the customer's declaration.
 */
export function decidePrecheck(
  scores: PrecheckScores,
  opts: { stage: number; declaredWithoutAi: boolean },
): { outcome: PrecheckOutcome; reasons: PrecheckReason[] } {
  const reasons: PrecheckReason[] = [];
  for (const category of Object.keys(RULES) as PrecheckCategory[]) {
    if (opts.stage < 2 && category !== "watermark") continue;
    const score = scores[category];
    if (typeof score !== "number" || !Number.isFinite(score)) continue;
    const reason = reasonFor(category, score, opts.declaredWithoutAi);
    if (reason) reasons.push(reason);
  }
  reasons.sort((a, b) => SEVERITY[b.outcome] - SEVERITY[a.outcome] || b.score - a.score);
  return { outcome: reasons[0]?.outcome ?? "pass", reasons };
}
