import { isActiveAccount, type StaffUser } from "@/lib/domains/accounts/permissions";
import type { CompanyRole } from "@/lib/generated/prisma/client";

// What a person may do in one newsroom (company), from their company_user role (spec 2.2).
// Pure: companyAbilities() loads the rows.
//
//   ability             | meaning                                                  | owner | responsible | member
//   --------------------+----------------------------------------------------------+-------+-------------+-------
//   view                | see the newsroom, its releases and settings              |  yes  |     yes     |  yes
//   writeReleases       | write releases; edit, submit, withdraw and delete the    |  yes  |     yes     |  yes
//                       | ones they wrote themselves                               |       |             |
//   manageReleases      | edit, submit, withdraw and archive every release          |  yes  |     yes     |   -
//   deleteReleases      | delete every release of the newsroom never published     |  yes  |      -      |   -
//   edit                | change the newsroom itself: profile, logo, contacts      |  yes  |     yes     |   -
//   manageMembers       | add, remove and change the roles of company_user rows    |  yes  |      -      |   -
//   billing             | bookings, invoices, credits of the newsroom              |  yes  |      -      |   -
//   confirmImageRights  | the customer's image-rights confirmation (spec 2.4)      |  yes  |      -      |   -
//   manageWebhooks      | outgoing webhook endpoints, their secrets and delivery log |  yes  |      -      |   -
//
// Why this shape: every member writes releases (the API lets any role submit), but a member's
// reach ends at their own texts. `responsible` is the newsroom's press contact: an owner invites
// someone with it (an address match only suggests the person to the owners, docs/newsrooms.md);
// one the e-mail sync once granted by address alone is lowered to `member` when the address
// match is gone (spec 5.14). It looks after every release and the newsroom's profile. Deleting other
// people's work, money, people and the legal confirmation of image rights stay with the owner,
// and so do webhook endpoints: they receive every release of the newsroom and its invoices.
// Which ability a release action needs, given authorship, is ./release-actions.ts.
//
// Rows around the table:
// - An inactive or deleted account has no ability anywhere, whatever its role.
// - A deleted company (or none) gives nobody anything (it is "not found").
// - A removed newsroom (gone_at) keeps only `view` and `billing` for its members: no new content,
//   but invoices still concern the owner.
// - Staff get nothing here beyond their own memberships, super-admins included. These abilities
//   serve the customer area and the API, which a password, a login link or an API token opens;
//   the policies' global `before()` (spec 5.11) passes an active super-admin only in the admin
//   area, through can() (../permissions.ts), where every page and action first demands the
//   session's strong confirmation (requireConfirmedStaff). So no staff power over another
//   customer's newsroom ever rests on the weaker sign-in (docs/authentication.md).

export const COMPANY_ABILITIES = [
  "view",
  "writeReleases",
  "manageReleases",
  "deleteReleases",
  "edit",
  "manageMembers",
  "billing",
  "confirmImageRights",
  "manageWebhooks",
] as const;
export type CompanyAbility = (typeof COMPANY_ABILITIES)[number];

export const ROLE_ABILITIES: Record<CompanyRole, readonly CompanyAbility[]> = {
  owner: COMPANY_ABILITIES,
  responsible: ["view", "writeReleases", "manageReleases", "edit"],
  member: ["view", "writeReleases"],
};

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
  return granted;
}
