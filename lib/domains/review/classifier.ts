import { getConfig } from "@/lib/core/config";
import { deterministicClassifier } from "./deterministic-classifier";
import { withoutInvisibleFormatting } from "@/lib/core/input/text";
import { httpClassifier } from "./http-classifier";
import { imageTextReasons } from "./image-texts";
import { unreadableProseReasons } from "./readable-prose";

export type ReviewResult = "red" | "yellow" | "green";

export interface ReviewReason {
  code: string;
  severity: "red" | "yellow";
  message: string;
}

/** Everything the check judges; the review fingerprint (lib/domains/releases/review-fingerprint.ts) covers the same fields. */
export interface ClassifierInput {
  title: string;
  lead: string | null;
  /** Sanitised HTML, link targets included. */
  bodyHtml: string;
  location: string | null;
  keywords: string[];
  /** The category's name in the release's language. */
  category: string | null;
  contactEmail: string | null;
  contactName: string | null;
  contactPhone: string | null;
  language: "de" | "en";
  /** Another newsroom already published this exact text. */
  isDuplicateOfOtherNewsroom: boolean;
  /**
   * What is stated about each image a publication would deliver: alt text and the credit line
   * shown and burned into the og image. A classifier may judge them; checkText judges them in
   * any case (lib/domains/review/image-texts.ts).
   */
  images: { alt: string | null; credit: string }[];
}

export interface Classification {
  result: ReviewResult;
  reasons: ReviewReason[];
  classifier: string;
}

/** The text-check port: an HTTP model in production, the deterministic rules otherwise. */
export interface TextClassifier {
  name: string;
  classify(input: ClassifierInput): Promise<Classification>;
}

export function getTextClassifier(): TextClassifier {
  const { review } = getConfig();
  return review.classifierUrl
    ? httpClassifier(review.classifierUrl, review.classifierApiKey, review.classifierModel, review.aiJobTimeoutSeconds)
    : deterministicClassifier;
}

/** The worst severity among the reasons decides the colour. */
export function resultOf(reasons: ReviewReason[]): ReviewResult {
  if (reasons.some((r) => r.severity === "red")) return "red";
  if (reasons.length) return "yellow";
  return "green";
}

/** The input as the check reads it: every text without invisible format characters (lib/core/input/text.ts), which would split a word for a rule. */
export function visibleTextOf(input: ClassifierInput): ClassifierInput {
  const v = withoutInvisibleFormatting;
  const n = (t: string | null) => (t === null ? null : v(t));
  return {
    ...input,
    title: v(input.title),
    lead: n(input.lead),
    bodyHtml: v(input.bodyHtml),
    location: n(input.location),
    keywords: input.keywords.map(v),
    category: n(input.category),
    contactEmail: n(input.contactEmail),
    contactName: n(input.contactName),
    contactPhone: n(input.contactPhone),
    images: input.images.map((i) => ({ alt: n(i.alt), credit: v(i.credit) })),
  };
}

/**
 * The text check as the pipeline runs it, on the visible text: the classifier's verdict, plus the
 * rules no classifier may miss: a text that is not readable prose in its language is red
 * (lib/domains/review/readable-prose.ts), and what the images state is judged for adverts, capitals and
 * repeated marks (lib/domains/review/image-texts.ts), whether or not the classifier reads `images`.
 */
export async function checkText(classifier: TextClassifier, input: ClassifierInput): Promise<Classification> {
  const visible = visibleTextOf(input);
  const verdict = await classifier.classify(visible);
  const added = [...unreadableProseReasons(visible), ...imageTextReasons(visible)].filter(
    (r) => !verdict.reasons.some((v) => v.code === r.code),
  );
  if (!added.length) return verdict;
  const reasons = [...verdict.reasons, ...added];
  return { ...verdict, reasons, result: resultOf(reasons) };
}
