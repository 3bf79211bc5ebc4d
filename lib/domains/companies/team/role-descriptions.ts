import { ROLE_ABILITIES, type CompanyAbility } from "@/lib/domains/accounts/abilities";
import type { CompanyRole, GrantedVia } from "@/lib/generated/prisma/client";

// The dashboard's words for roles, abilities and grant paths. What a role may is read from the
// one matrix (lib/domains/accounts/abilities/matrix.ts), never written down a second time.

export const ROLE_LABEL: Record<CompanyRole, string> = { owner: "Inhaber/in", responsible: "Verantwortliche/r", member: "Mitglied" };

export const GRANTED_VIA_LABEL: Record<GrantedVia, string> = {
  auto: "automatisch",
  manual: "manuell",
  api: "API",
  legacy_import: "Altbestand",
};

const ABILITY_TEXT: Record<CompanyAbility, string> = {
  view: "den Newsroom und seine Pressemitteilungen sehen",
  writeReleases: "eigene Pressemitteilungen schreiben, einreichen und löschen",
  manageReleases: "alle Pressemitteilungen bearbeiten, einreichen, zurückziehen und archivieren",
  deleteReleases: "alle nie veröffentlichten Pressemitteilungen löschen",
  edit: "das Profil des Newsrooms ändern (Beschreibung, Logo, Pressekontakte)",
  manageMembers: "das Team verwalten: einladen, Rollen ändern, entfernen",
  billing: "Buchungen, Rechnungen und Guthaben verwalten",
  confirmImageRights: "die Bildrechte der Bilder bestätigen",
  manageWebhooks: "Webhooks für Programme einrichten",
};

export interface RoleDescription {
  role: CompanyRole;
  label: string;
  /** What the role may, one phrase per ability of the matrix. */
  abilities: string[];
  /** One sentence: what the next lower role may, plus what this one adds. */
  explanation: string;
}

const ORDER: readonly CompanyRole[] = ["member", "responsible", "owner"];

/** "a, b und c" */
const list = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(", ")} und ${parts.at(-1)}` : (parts[0] ?? ""));

function explain(role: CompanyRole): string {
  const below = ORDER[ORDER.indexOf(role) - 1];
  const own = ROLE_ABILITIES[role];
  // Read as "everything the lower role may, and more" only where the matrix says exactly that.
  if (below && ROLE_ABILITIES[below].every((a) => own.includes(a))) {
    return `Darf alles wie ${ROLE_LABEL[below]}, außerdem ${list(own.filter((a) => !ROLE_ABILITIES[below].includes(a)).map((a) => ABILITY_TEXT[a]))}.`;
  }
  return `Darf ${list(own.map((a) => ABILITY_TEXT[a]))}.`;
}

/** Every role, highest first, with what it may. */
export function roleDescriptions(): RoleDescription[] {
  return [...ORDER].reverse().map((role) => ({
    role,
    label: ROLE_LABEL[role],
    abilities: ROLE_ABILITIES[role].map((a) => ABILITY_TEXT[a]),
    explanation: explain(role),
  }));
}
