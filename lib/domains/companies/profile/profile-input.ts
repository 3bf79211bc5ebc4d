import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { IMPLAUSIBLE_DOMAIN_FORM_MESSAGE, implausibleDomainIssues } from "@/lib/domains/mail/domain-checks/domain-issues";
import { hasPlausibleDomain } from "@/lib/domains/mail/domain-plausibility";
import { normalizeWebsite, validateNewsroomForm, type NewsroomFormValues, type NewsroomIssues } from "./newsroom-fields";

/** The stored form of a valid profile: trimmed, empty as null, the website as an https URL. */
export interface NewsroomProfileData {
  name: string;
  email: string;
  website: string | null;
  addressStreet: string;
  addressPostalCode: string;
  addressCity: string;
  addressCountry: string;
  descriptionDe: string | null;
  descriptionEn: string | null;
}

/**
 * Checks a submitted profile (the same rules the form shows while typing, plus the domain check
 * of spec 4.2: an address whose domain has no or a mistyped TLD is refused; then DNS, outside
 * any transaction) and returns what to store. Throws validation_failed (422) with one issue per field.
 */
export async function parseNewsroomProfile(values: NewsroomFormValues, creating: boolean): Promise<NewsroomProfileData> {
  const issues: NewsroomIssues = validateNewsroomForm(values, creating);
  const email = values.email.trim().toLowerCase();
  if (!issues.email && !hasPlausibleDomain(email))
    issues.email = "Die Domain dieser Adresse gibt es nicht. Bitte prüfen Sie die Schreibweise (z. B. .de, .com).";
  // The DNS check of every address a client hands in (spec 7), once the address is well-formed.
  if (!issues.email && (await implausibleDomainIssues({ email })).length) issues.email = IMPLAUSIBLE_DOMAIN_FORM_MESSAGE;
  const list: ValidationIssue[] = Object.entries(issues).map(([path, message]) => ({ path, message }));
  if (list.length) throw new AppError("validation_failed", "The newsroom profile has invalid fields.", undefined, list);
  const optional = (s: string) => s.trim() || null;
  return {
    name: values.name.trim().replace(/\s+/g, " "),
    email,
    website: normalizeWebsite(values.website) || null,
    addressStreet: values.addressStreet.trim(),
    addressPostalCode: values.addressPostalCode.trim().toUpperCase(),
    addressCity: values.addressCity.trim(),
    addressCountry: values.addressCountry.trim().toUpperCase(),
    descriptionDe: optional(values.descriptionDe),
    descriptionEn: optional(values.descriptionEn),
  };
}
