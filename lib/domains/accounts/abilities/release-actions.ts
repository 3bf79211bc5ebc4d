import type { DbOrTx } from "@/lib/core/db/client";
import { db } from "@/lib/core/db/client";
import { forbidden } from "@/lib/core/errors/errors";
import { companyAbilities } from "./company-abilities";
import type { CompanyAbility } from "./matrix";

// What a person may do to one release of a newsroom: the matrix's abilities plus authorship.
// Status rules (what a release in review may still undergo) live with the release moves.

export const RELEASE_ACTIONS = ["edit", "submit", "withdraw", "archive", "delete"] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export interface ReleaseAuthorship {
  authorUserId: number | null;
}

/** Pure: the rule the dashboard's buttons and every write path share. */
export function mayActOnRelease(
  abilities: ReadonlySet<CompanyAbility>,
  release: ReleaseAuthorship,
  userId: number,
  action: ReleaseAction,
): boolean {
  const ownText = release.authorUserId === userId && abilities.has("writeReleases");
  switch (action) {
    case "edit":
    case "submit":
    case "withdraw":
      return ownText || abilities.has("manageReleases");
    case "archive":
      return abilities.has("manageReleases");
    case "delete":
      return ownText || abilities.has("deleteReleases");
  }
}

/** Every release action a user may take on one release, for the page that offers them. */
export async function releaseActionsOf(
  userId: number,
  release: ReleaseAuthorship & { companyId: number },
  client: DbOrTx = db,
): Promise<Record<ReleaseAction, boolean>> {
  const abilities = await companyAbilities(userId, release.companyId, client);
  return Object.fromEntries(RELEASE_ACTIONS.map((a) => [a, mayActOnRelease(abilities, release, userId, a)])) as Record<
    ReleaseAction,
    boolean
  >;
}

const REFUSAL: Record<ReleaseAction, string> = {
  edit: "Your role in this newsroom lets you change only the releases you wrote.",
  submit: "Your role in this newsroom lets you submit only the releases you wrote.",
  withdraw: "Your role in this newsroom lets you withdraw only the releases you wrote.",
  archive: "Archiving needs the owner or responsible role in this newsroom.",
  delete: "Your role in this newsroom lets you delete only the releases you wrote.",
};

/** Throws 403 unless the user may take `action` on the release; reads the stored rows (in `client`). */
export async function assertReleaseAction(
  userId: number,
  release: ReleaseAuthorship & { companyId: number },
  action: ReleaseAction,
  client: DbOrTx = db,
): Promise<void> {
  const abilities = await companyAbilities(userId, release.companyId, client);
  if (!mayActOnRelease(abilities, release, userId, action)) throw forbidden(REFUSAL[action]);
}
