// The newsroom profile's rules, shared by the browser (live validation) and the server (the
// authority). No server imports: this file is bundled into the client forms.
import { hasAddressShape } from "@/lib/core/input/email-address";
import { isAcceptableText } from "@/lib/core/input/text";

export const NEWSROOM_FIELDS = [
  "name",
  "portal",
  "email",
  "website",
  "addressStreet",
  "addressPostalCode",
  "addressCity",
  "addressCountry",
  "descriptionDe",
  "descriptionEn",
] as const;
export type NewsroomField = (typeof NEWSROOM_FIELDS)[number];
export type NewsroomFormValues = Record<NewsroomField, string>;
export type NewsroomIssues = Partial<Record<NewsroomField, string>>;

export const NAME_MIN = 2;
export const NAME_MAX = 120;
/** A short description: what a journalist reads in the newsroom list and under every release. */
export const DESCRIPTION_MAX = 600;
export const NEWSROOM_PORTALS = ["business", "tech"] as const;
export type NewsroomPortal = (typeof NEWSROOM_PORTALS)[number];

export const EMPTY_NEWSROOM_FORM: NewsroomFormValues = {
  name: "",
  portal: "",
  email: "",
  website: "",
  addressStreet: "",
  addressPostalCode: "",
  addressCity: "",
  addressCountry: "DE",
  descriptionDe: "",
  descriptionEn: "",
};

const HOST = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,10}$/i;

/** A website as people type it ("firma.de", "www.firma.de/presse") made an https URL; null when it is no web address. */
export function normalizeWebsite(raw: string): string | null {
  const value = raw.trim();
  if (!value) return "";
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password || !HOST.test(url.hostname)) return null;
    const path = url.pathname === "/" ? "" : url.pathname;
    return `${url.protocol}//${url.hostname.toLowerCase()}${url.port ? `:${url.port}` : ""}${path}${url.search}`;
  } catch {
    return null;
  }
}

/**
 * Every rule one field can be checked against without the database. `creating` adds the portal,
 * which is chosen once: a newsroom's releases and URLs live on it.
 */
export function validateNewsroomForm(v: NewsroomFormValues, creating: boolean): NewsroomIssues {
  const issues: NewsroomIssues = {};
  const name = v.name.trim();
  if (name.length < NAME_MIN || name.length > NAME_MAX) issues.name = `Der Name braucht ${NAME_MIN} bis ${NAME_MAX} Zeichen.`;
  else if (!/[\p{L}\p{N}]/u.test(name)) issues.name = "Der Name braucht mindestens einen Buchstaben oder eine Ziffer.";
  if (creating && !NEWSROOM_PORTALS.includes(v.portal as NewsroomPortal))
    issues.portal = "Bitte wählen Sie das Portal: Business oder Tech.";
  if (!hasAddressShape(v.email.trim()) || v.email.trim().length > 320)
    issues.email = "Bitte geben Sie die E-Mail-Adresse des Unternehmens an, z. B. presse@firma.de.";
  if (normalizeWebsite(v.website) === null) issues.website = "Bitte geben Sie eine Webadresse an, z. B. www.firma.de.";
  if (!v.addressStreet.trim()) issues.addressStreet = "Bitte geben Sie Straße und Hausnummer an.";
  else if (v.addressStreet.trim().length > 120) issues.addressStreet = "Die Angabe ist zu lang.";
  if (!POSTAL_CODE.test(v.addressPostalCode.trim())) issues.addressPostalCode = "Bitte geben Sie die Postleitzahl an.";
  if (!v.addressCity.trim()) issues.addressCity = "Bitte geben Sie den Ort an.";
  else if (v.addressCity.trim().length > 80) issues.addressCity = "Der Ort ist zu lang.";
  if (!COUNTRIES.some((c) => c.code === v.addressCountry.trim().toUpperCase())) issues.addressCountry = "Bitte wählen Sie das Land.";
  const de = v.descriptionDe.trim();
  const en = v.descriptionEn.trim();
  if (!de && !en) issues.descriptionDe = "Bitte beschreiben Sie das Unternehmen in ein, zwei Sätzen (Deutsch oder Englisch).";
  if (de.length > DESCRIPTION_MAX) issues.descriptionDe = `Höchstens ${DESCRIPTION_MAX} Zeichen (jetzt ${de.length}).`;
  if (en.length > DESCRIPTION_MAX) issues.descriptionEn = `At most ${DESCRIPTION_MAX} characters (now ${en.length}).`;
  for (const field of NEWSROOM_FIELDS)
    if (!isAcceptableText(v[field])) issues[field] = "Der Text enthält ein unzulässiges Steuerzeichen. Bitte tippen Sie die Stelle neu.";
  return issues;
}

/** A server action receives whatever the browser sends: keep the known fields, as strings. */
export function coerceNewsroomForm(raw: unknown): NewsroomFormValues {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out = { ...EMPTY_NEWSROOM_FORM };
  for (const field of NEWSROOM_FIELDS) {
    const value = input[field];
    if (typeof value === "string") out[field] = value.slice(0, 2_000);
  }
  return out;
}

/** Countries offered in the form; the address is the newsroom's imprint, so the German-speaking ones first. */
export const COUNTRIES: { code: string; name: string }[] = [
  { code: "DE", name: "Deutschland" },
  { code: "AT", name: "Österreich" },
  { code: "CH", name: "Schweiz" },
  { code: "LI", name: "Liechtenstein" },
  { code: "LU", name: "Luxemburg" },
  { code: "BE", name: "Belgien" },
  { code: "NL", name: "Niederlande" },
  { code: "FR", name: "Frankreich" },
  { code: "IT", name: "Italien" },
  { code: "ES", name: "Spanien" },
  { code: "PL", name: "Polen" },
  { code: "CZ", name: "Tschechien" },
  { code: "DK", name: "Dänemark" },
  { code: "SE", name: "Schweden" },
  { code: "GB", name: "Vereinigtes Königreich" },
  { code: "IE", name: "Irland" },
  { code: "US", name: "Vereinigte Staaten" },
];
