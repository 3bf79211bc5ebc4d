// Third-party login (spec 5.8, 5.9): the decisions behind the next-auth OIDC provider. The
// caller runs login completion (and the TOTP challenge) after a signed_in outcome.
export { completeAccountLink, confirmAccountLink, type ConfirmAccountLinkInput } from "./confirm-account-link";
export { ThirdPartyLoginRefusedError, type ThirdPartyRefusalReason } from "./errors";
export type { ThirdPartyProfile } from "./profile";
export { directLinkBasis, PROVIDER_MAIL_TRUST, type DirectLinkBasis, type ProviderMailTrust } from "./provider-mail-trust";
export { oidcProviderSettings, type OidcProviderSettings } from "./provider-settings";
export { resolveThirdPartyLogin, type ResolveThirdPartyLoginOptions, type ThirdPartyOutcome } from "./resolve-third-party-login";
