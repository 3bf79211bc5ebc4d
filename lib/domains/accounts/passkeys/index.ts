export { passkeyRegistrationOptions } from "./registration-options";
export { registerPasskey } from "./register-passkey";
export {
  passkeyAuthenticationOptions,
  passkeyAuthenticationOptionsForUser,
  type PasskeyAuthenticationStart,
} from "./authentication-options";
export { verifyPasskeyAuthentication } from "./verify-authentication";
export { listPasskeys, renamePasskey, deletePasskey } from "./manage-passkeys";
export { getRelyingParty, type RelyingParty } from "./relying-party";
