import { getConfig } from "@/lib/config";
import { deterministicClassifier } from "./deterministic-classifier";
import { httpClassifier } from "./http-classifier";

export type ReviewResult = "red" | "yellow" | "green";

export interface ReviewReason {
  code: string;
  severity: "red" | "yellow";
  message: string;
}

/** Everything the check judges; the review fingerprint (lib/releases/review-fingerprint.ts) covers the same fields. */
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
  return review.classifierUrl ? httpClassifier(review.classifierUrl, review.classifierApiKey, review.classifierModel, review.aiJobTimeoutSeconds) : deterministicClassifier;
}

/** The worst severity among the reasons decides the colour. */
export function resultOf(reasons: ReviewReason[]): ReviewResult {
  if (reasons.some((r) => r.severity === "red")) return "red";
  if (reasons.length) return "yellow";
  return "green";
}
