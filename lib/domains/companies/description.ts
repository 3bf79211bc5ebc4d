import type { Edition } from "@/lib/domains/sites";

/** A newsroom's description for one edition: its own language first, else the other one. */
export function newsroomDescription(
  company: { descriptionDe: string | null; descriptionEn: string | null },
  edition: Edition,
): string | null {
  const [own, other] = edition === "en" ? [company.descriptionEn, company.descriptionDe] : [company.descriptionDe, company.descriptionEn];
  return own?.trim() || other?.trim() || null;
}
