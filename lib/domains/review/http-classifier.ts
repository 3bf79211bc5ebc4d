import { z } from "zod";
import type { ClassifierInput, TextClassifier } from "./classifier";

const answer = z.object({
  result: z.enum(["red", "yellow", "green"]),
  reasons: z.array(z.object({ code: z.string(), severity: z.enum(["red", "yellow"]), message: z.string() })).default([]),
});

/**
 * A text classifier behind HTTP: POST the release as JSON, get `{ result, reasons[] }` back.
 * An answer of another shape is a failure (the job retries), never a silent green.
 */
export function httpClassifier(url: string, apiKey: string | undefined, model: string | undefined, timeoutSeconds: number): TextClassifier {
  return {
    name: `http:${model ?? new URL(url).host}`,
    async classify(input: ClassifierInput) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, input }),
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      });
      if (!res.ok) throw new Error(`classifier answered ${res.status}`);
      const parsed = answer.parse(await res.json());
      return { ...parsed, classifier: this.name };
    },
  };
}
