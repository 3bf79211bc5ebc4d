// Company-level abilities (spec 2.2, 5.11): the owner/responsible/member matrix of the customer
// area and the API. Staff act on other customers' newsrooms only in the admin area, through the
// permissions of ../permissions.ts (whose global `before` passes active super-admins).
export { assertCompanyAbility, companyAbilities } from "./company-abilities";
export { abilitiesFor, COMPANY_ABILITIES, ROLE_ABILITIES, type AbilityFacts, type CompanyAbility } from "./matrix";
export { assertReleaseAction, mayActOnRelease, RELEASE_ACTIONS, releaseActionsOf, type ReleaseAction } from "./release-actions";
