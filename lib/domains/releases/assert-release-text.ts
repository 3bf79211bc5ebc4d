import { AppError } from "@/lib/core/errors/errors";
import { germanIssue } from "./issue-wording";
import { releaseTextIssues } from "./rules";

/**
 * The release rules for a text a person rewrites after publication (the paid change, the legal
 * correction): the same limits as every write, refused with German field messages.
 */
export function assertReleaseText(text: { title: string; lead: string | null; body: string }, summary: string): void {
  const issues = releaseTextIssues(text);
  if (issues.length)
    throw new AppError(
      "validation_failed",
      summary,
      undefined,
      issues.map((i) => ({ path: i.field, message: germanIssue(i) })),
    );
}
