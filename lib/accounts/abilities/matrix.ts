import { isActiveAccount, passesGlobalBefore, type StaffUser } from "@/lib/accounts/permissions";
import type { CompanyRole } from "@/lib/generated/prisma/client";

// What a person may do in one newsroom (company), from their company_user role (spec 2.2) and
// the global `before` of the company policy (spec 5.11). Pure: companyAbilities() loads the rows.
//
//   ability             | meaning                                                  | owner | responsible | member | active super-admin
//   --------------------+----------------------------------------------------------+-------+-------------+--------+-------------------
//   view                | see the newsroom, its releases and settings              |  yes  |     yes     |  yes   |  yes
//   writeReleases       | write releases; edit, submit, withdraw and delete the    |  yes  |     yes     |  yes   |  yes
//                       | ones they wrote themselves                               |       |             |        |
//   manageReleases      | edit, submit, withdraw and archive every release          |  yes  |     yes     |   -    |  yes
//   deleteReleases      | delete every release of the newsroom never published     |  yes  |      -      |   -    |  yes
//   edit                | change the newsroom itself: profile, logo, contacts      |  yes  |     yes     |   -    |  yes
//   manageMembers       | add, remove and change the roles of company_user rows    |  yes  |      -      |   -    |  yes
//   billing             | bookings, invoices, credits of the newsroom              |  yes  |      -      |   -    |  yes
//   confirmImageRights  | the customer's image-rights confirmation (spec 2.4)      |  yes  |      -      |   -    |   -  (owner only, no shortcut)
//
// Why this shape: every member writes releases (the API lets any role submit), but a member's
// reach ends at their own texts. `responsible` is the press contact the e-mail sync grants
// automatically (spec 5.14); losing the address match lowers it to `member`, so it must be worth
// more than `member`: it looks after every release and the newsroom's profile. Deleting other
// people's work, money, people and the legal confirmation of image rights stay with the owner.
// Which ability a release action needs, given authorship, is ./release-actions.ts.
//
// Rows around the table:
// - An inactive or deleted account has no ability anywhere, whatever its role.
// - A deleted company (or none) gives nobody anything, super-admins included (it is "not found").
// - A removed newsroom (gone_at) keeps only `view` and `billing` for its members: no new content,
//   but invoices still concern the owner. An active super-admin still passes (policy `before()`).
// - An active super-admin passes `before()` for every ability except confirmImageRights, even
//   without a membership; as an owner of the company they get it like any owner. Admins with
//   staff permissions get nothing here: the admin area checks can(user, permission) instead.

export const COMPANY_ABILITIES = ["view", "writeReleases", "manageReleases", "deleteReleases", "edit", "manageMembers", "billing", "confirmImageRights"] as const;
export type CompanyAbility = (typeof COMPANY_ABILITIES)[number];

export const ROLE_ABILITIES: Record<CompanyRole, readonly CompanyAbility[]> = {
  owner: COMPANY_ABILITIES,
  responsible: ["view", "writeReleases", "manageReleases", "edit"],
  member: ["view", "writeReleases"],
};

/** Abilities that only a person, never the global `before`, can hold (spec 5.11). */
const OWNER_ONLY: readonly CompanyAbility[] = ["confirmImageRights"];
/** What members of a removed newsroom keep. */
const AFTER_GONE: readonly CompanyAbility[] = ["view", "billing"];

export interface AbilityFacts {
  user: StaffUser | null;
  company: { deletedAt: Date | null; goneAt: Date | null } | null;
  role: CompanyRole | null;
}

export function abilitiesFor({ user, company, role }: AbilityFacts): Set<CompanyAbility> {
  const granted = new Set<CompanyAbility>();
  if (!user || !isActiveAccount(user) || !company || company.deletedAt) return granted;
  for (const ability of role ? ROLE_ABILITIES[role] : []) {
    if (!company.goneAt || AFTER_GONE.includes(ability)) granted.add(ability);
  }
  if (passesGlobalBefore(user)) {
    for (const ability of COMPANY_ABILITIES) if (!OWNER_ONLY.includes(ability)) granted.add(ability);
  }
  return granted;
}
