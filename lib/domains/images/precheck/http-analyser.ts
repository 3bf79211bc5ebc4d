import { z } from "zod";
import { PRECHECK_CATEGORIES, type ImageAnalyser, type PrecheckCategory } from "./types";

const score = z.number().min(0).max(1);
// Every category, nothing else: an answer that leaves one out is a failure, never a silent pass.
const scoresSchema = z
  .object(Object.fromEntries(PRECHECK_CATEGORIES.map((c) => [c, score])) as Record<PrecheckCategory, typeof score>)
  .strict();
const answer = z.object({ scores: scoresSchema }).strict();
const completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) });

const INSTRUCTION = [
  "Du prüfst Bilder, die zu einer Pressemitteilung hochgeladen werden. / You check images uploaded with a press release.",
  "Schätze für jede Kategorie die Wahrscheinlichkeit von 0 bis 1. / Estimate for each category a probability from 0 to 1:",
  "watermark (Wasserzeichen einer Bildagentur / stock-agency watermark), nudity (Nacktheit), violence (Gewalt),",
  "document (Scan oder Foto eines Schriftstücks / scanned or photographed document), screenshot (Bildschirmfoto),",
  "foreign_logo (fremdes Logo oder fremde Marke / third-party logo or brand), people (erkennbare Personen / recognisable people),",
  "ai_generated (wirkt KI-erzeugt / appears AI-generated), technical_defect (stark unter- oder überbelichtet, unscharf / badly exposed or blurred).",
  `Antworte nur mit JSON / Answer with JSON only: {"scores": {${PRECHECK_CATEGORIES.map((c) => `"${c}": 0.0`).join(", ")}}}`,
].join("\n");

/**
 * A vision model behind an OpenAI-compatible chat-completions endpoint: the prepared image goes as
 * an `image_url` data URI, the answer must be `{ "scores": { <category>: 0..1 } }` with every
 * category. Another shape, an error status or a timeout throws; the caller lets the image through
 * with a note (spec 3.1), so a broken model never rejects and never silently passes.
 */
export function httpAnalyser(opts: { url: string; apiKey?: string; model?: string; timeoutSeconds: number }): ImageAnalyser {
  const { url, apiKey, model, timeoutSeconds } = opts;
  return {
    name: `http:${model ?? new URL(url).host}`,
    async analyse({ dataUri }) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({
          model,
          temperature: 0,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: INSTRUCTION },
            {
              role: "user",
              content: [
                { type: "text", text: "Bitte prüfe dieses Bild. / Please check this image." },
                { type: "image_url", image_url: { url: dataUri } },
              ],
            },
          ],
        }),
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      });
      if (!res.ok) throw new Error(`image precheck model answered ${res.status}`);
      const outer = completion.safeParse(await res.json().catch(() => null));
      if (!outer.success) throw new Error("image precheck model answered without a chat completion");
      let content: unknown;
      try {
        content = JSON.parse(outer.data.choices[0]!.message.content);
      } catch {
        throw new Error("image precheck model answered with text that is not JSON");
      }
      const parsed = answer.safeParse(content);
      if (!parsed.success)
        throw new Error(
          `image precheck model answered in another shape (${parsed.error.issues.map((i) => i.path.join(".") || i.message).join(", ")})`,
        );
      return parsed.data.scores;
    },
  };
}
