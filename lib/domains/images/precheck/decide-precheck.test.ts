import { describe, expect, it } from "vitest";
import { decidePrecheck, QUEUE_THRESHOLD, REJECT_THRESHOLD } from "./decide-precheck";
import type { PrecheckCategory, PrecheckScores } from "./types";

const stage2 = { stage: 2, declaredWithoutAi: false };
const one = (category: PrecheckCategory, score: number, opts = stage2) => decidePrecheck({ [category]: score }, opts);

describe("decidePrecheck", () => {
  it("uses the spec's thresholds", () => {
    expect(REJECT_THRESHOLD).toBe(0.85);
    expect(QUEUE_THRESHOLD).toBe(0.6);
  });

  it.each(["watermark", "nudity", "violence", "document"] as const)("%s: rejects from 0.85, queues from 0.6, passes below", (category) => {
    expect(one(category, 0.5999).outcome).toBe("pass");
    expect(one(category, 0.6).outcome).toBe("queue");
    expect(one(category, 0.8499).outcome).toBe("queue");
    expect(one(category, 0.85).outcome).toBe("reject");
    expect(one(category, 1).outcome).toBe("reject");
  });

  it("names the reason with a code, the score and a German message", () => {
    const { reasons } = one("watermark", 0.9);
    expect(reasons).toEqual([
      { code: "stock_watermark", category: "watermark", score: 0.9, outcome: "reject", message: expect.stringMatching(/Wasserzeichen/) },
    ]);
    expect(one("document", 0.7).reasons[0]).toMatchObject({
      code: "document",
      outcome: "queue",
      message: expect.stringMatching(/Dokument/),
    });
    expect(one("screenshot", 0.7).reasons[0]).toMatchObject({
      code: "screenshot",
      outcome: "queue",
      message: expect.stringMatching(/Bildschirmfoto/),
    });
  });

  it.each(["screenshot", "foreign_logo"] as const)("%s: queues from 0.6 and never rejects", (category) => {
    expect(one(category, 0.5999).outcome).toBe("pass");
    expect(one(category, 0.6).outcome).toBe("queue");
    expect(one(category, 0.8499).outcome).toBe("queue");
    expect(one(category, 0.85).outcome).toBe("queue");
    expect(one(category, 1).outcome).toBe("queue");
  });

  it.each(["people", "technical_defect"] as const)("%s: a hint from 0.6, never more", (category) => {
    expect(one(category, 0.5999).outcome).toBe("pass");
    expect(one(category, 0.6).outcome).toBe("hint");
    expect(one(category, 0.85).outcome).toBe("hint");
    expect(one(category, 1).outcome).toBe("hint");
  });

  it("AI-made looks are a hint only when the customer declared the image as made without AI", () => {
    const withoutAi = { stage: 2, declaredWithoutAi: true };
    expect(one("ai_generated", 0.99, stage2)).toEqual({ outcome: "pass", reasons: [] });
    expect(one("ai_generated", 0.5999, withoutAi).outcome).toBe("pass");
    expect(one("ai_generated", 0.6, withoutAi)).toMatchObject({ outcome: "hint", reasons: [{ code: "ai_generated", outcome: "hint" }] });
    expect(one("ai_generated", 0.99, withoutAi).outcome).toBe("hint");
  });

  it("stage 1 looks at the watermark only", () => {
    const stage1 = { stage: 1, declaredWithoutAi: true };
    const everythingElse: PrecheckScores = {
      nudity: 1,
      violence: 1,
      document: 1,
      screenshot: 1,
      foreign_logo: 1,
      people: 1,
      ai_generated: 1,
      technical_defect: 1,
    };
    expect(decidePrecheck(everythingElse, stage1)).toEqual({ outcome: "pass", reasons: [] });
    expect(decidePrecheck({ ...everythingElse, watermark: 0.7 }, stage1)).toMatchObject({
      outcome: "queue",
      reasons: [{ category: "watermark" }],
    });
    expect(decidePrecheck({ ...everythingElse, watermark: 0.85 }, stage1).outcome).toBe("reject");
    // The same scores at stage 2 are judged in full.
    expect(decidePrecheck(everythingElse, { stage: 2, declaredWithoutAi: true }).reasons).toHaveLength(8);
  });

  it("the worst outcome wins and its reason comes first; every reason is kept", () => {
    const scores: PrecheckScores = { people: 0.9, screenshot: 0.65, document: 0.86, technical_defect: 0.7, watermark: 0.1 };
    const result = decidePrecheck(scores, stage2);
    expect(result.outcome).toBe("reject");
    expect(result.reasons.map((r) => [r.category, r.outcome])).toEqual([
      ["document", "reject"],
      ["screenshot", "queue"],
      ["people", "hint"],
      ["technical_defect", "hint"],
    ]);
    expect(decidePrecheck({ people: 0.9, screenshot: 0.6 }, stage2).outcome).toBe("queue");
    expect(decidePrecheck({ people: 0.9, technical_defect: 0.1 }, stage2).outcome).toBe("hint");
  });

  it("passes when nothing reaches a threshold, and ignores absent or non-finite scores", () => {
    expect(decidePrecheck({}, stage2)).toEqual({ outcome: "pass", reasons: [] });
    expect(decidePrecheck({ watermark: Number.NaN, document: Number.POSITIVE_INFINITY, people: 0.2 }, stage2)).toEqual({
      outcome: "pass",
      reasons: [],
    });
  });
});
