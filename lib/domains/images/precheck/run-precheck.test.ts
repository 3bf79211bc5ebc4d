import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { corruptJpeg, watermarkedJpeg } from "@/tests/image-fixtures";
import { embeddedAnalyser } from "./embedded-analyser";
import { getImageAnalyser, runPrecheck } from "./run-precheck";
import type { ImageAnalyser, PrecheckScores } from "./types";

const input = { jpeg: Buffer.from([0xff, 0xd8, 0xff]), dataUri: "data:image/jpeg;base64,/9j/" };
const fixed = (scores: PrecheckScores): ImageAnalyser => ({ name: "fixed", analyse: async () => scores });

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["IMAGE_PRECHECK_URL", "IMAGE_PRECHECK_MODEL"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

describe("runPrecheck", () => {
  it("decides from the analyser's scores and reports them", async () => {
    const run = await runPrecheck(input, { stage: 2, declaredWithoutAi: false, analyser: fixed({ screenshot: 0.7, people: 0.2 }) });
    expect(run).toMatchObject({
      outcome: "queue",
      scores: { screenshot: 0.7, people: 0.2 },
      analyser: "fixed",
      note: null,
      reasons: [{ code: "screenshot", outcome: "queue" }],
    });
  });

  it("passes the stage and the AI declaration on", async () => {
    const analyser = fixed({ document: 0.95, ai_generated: 0.8 });
    expect((await runPrecheck(input, { stage: 1, declaredWithoutAi: true, analyser })).outcome).toBe("pass");
    expect((await runPrecheck(input, { stage: 2, declaredWithoutAi: true, analyser })).reasons.map((r) => r.code)).toEqual([
      "document",
      "ai_generated",
    ]);
  });

  it("a failing analyser is outcome error with a note, never a throw", async () => {
    const failing: ImageAnalyser = {
      name: "broken",
      analyse: async () => {
        throw new Error("image precheck model answered 503");
      },
    };
    const run = await runPrecheck(input, { stage: 2, declaredWithoutAi: false, analyser: failing });
    expect(run).toEqual({ outcome: "error", reasons: [], scores: {}, analyser: "broken", note: expect.stringContaining("answered 503") });
    const rejectsOddly: ImageAnalyser = { name: "odd", analyse: () => Promise.reject("just a string") };
    expect(await runPrecheck(input, { stage: 2, declaredWithoutAi: false, analyser: rejectsOddly })).toMatchObject({
      outcome: "error",
      note: expect.stringContaining("just a string"),
    });
  });

  it("with the embedded analyser: a corrupt file is an error, a watermarked photo a reject", async () => {
    const bad = await corruptJpeg();
    expect(await runPrecheck({ jpeg: bad, dataUri: "" }, { stage: 1, declaredWithoutAi: false, analyser: embeddedAnalyser })).toMatchObject(
      { outcome: "error", analyser: "embedded" },
    );
    const jpeg = await sharp(await watermarkedJpeg())
      .resize({ width: 1024, height: 1024, fit: "inside", withoutEnlargement: true })
      .jpeg()
      .toBuffer();
    const run = await runPrecheck(
      { jpeg, dataUri: `data:image/jpeg;base64,${jpeg.toString("base64")}` },
      { stage: 1, declaredWithoutAi: false, analyser: embeddedAnalyser },
    );
    expect(run).toMatchObject({ outcome: "reject", analyser: "embedded", note: null, reasons: [{ code: "stock_watermark" }] });
  });

  it("an unreachable vision model is an error too (the configured analyser is used by default)", async () => {
    process.env.IMAGE_PRECHECK_URL = "http://127.0.0.1:9/v1/chat/completions";
    process.env.IMAGE_PRECHECK_MODEL = "vision-1";
    resetConfigForTests();
    expect(await runPrecheck(input, { stage: 2, declaredWithoutAi: false })).toMatchObject({
      outcome: "error",
      analyser: "http:vision-1",
      note: expect.any(String),
    });
  });
});

describe("getImageAnalyser", () => {
  it("is the embedded analyser without a precheck URL and the vision model with one", () => {
    delete process.env.IMAGE_PRECHECK_URL;
    resetConfigForTests();
    expect(getImageAnalyser()).toBe(embeddedAnalyser);
    process.env.IMAGE_PRECHECK_URL = "http://vision.test/v1/chat/completions";
    delete process.env.IMAGE_PRECHECK_MODEL;
    resetConfigForTests();
    expect(getImageAnalyser().name).toBe("http:vision.test");
  });
});
