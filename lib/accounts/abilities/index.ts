// Company-level abilities (spec 2.2, 5.11): the owner/responsible/member matrix plus the global
// `before` of active super-admins. Staff permissions of the admin area are ../permissions.ts.
export { assertCompanyAbility, companyAbilities } from "./company-abilities";
export { abilitiesFor, COMPANY_ABILITIES, ROLE_ABILITIES, type AbilityFacts, type CompanyAbility } from "./matrix";
export { assertReleaseAction, mayActOnRelease, RELEASE_ACTIONS, releaseActionsOf, type ReleaseAction } from "./release-actions";
