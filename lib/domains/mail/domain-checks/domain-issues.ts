import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { isImplausibleMailDomain } from "./check-domain";
import { IMPLAUSIBLE_DOMAIN_MESSAGE } from "./messages";

// The 422 of spec 7 ("implausible e-mail domain") for the places that accept addresses from
// clients. Called after their own syntax and TLD checks, so only well-formed addresses reach DNS.

export { IMPLAUSIBLE_DOMAIN_FORM_MESSAGE, IMPLAUSIBLE_DOMAIN_MESSAGE } from "./messages";

/** One field issue per address (keyed by its field path) whose domain DNS shows cannot receive mail. */
export async function implausibleDomainIssues(
  fields: Record<string, string | null | undefined>,
  message = IMPLAUSIBLE_DOMAIN_MESSAGE,
): Promise<ValidationIssue[]> {
  const entries = Object.entries(fields);
  const implausible = await Promise.all(entries.map(([, email]) => isImplausibleMailDomain(email)));
  return entries.filter((_, i) => implausible[i]).map(([path]) => ({ path, message }));
}

/** Throws the documented 422 (`validation_failed` with field issues) when any address is implausible. */
export async function assertPlausibleMailDomains(
  fields: Record<string, string | null | undefined>,
  opts: { message?: string; summary?: string } = {},
): Promise<void> {
  const issues = await implausibleDomainIssues(fields, opts.message);
  if (issues.length) throw new AppError("validation_failed", opts.summary ?? "Implausible e-mail address.", undefined, issues);
}
