// Login links (magic links, spec 5.10): created with a purpose and a source, redeemed once.
export { createLoginLink, loginLinkUrl, type CreateLoginLinkInput, type CreatedLoginLink } from "./create-login-link";
export { LoginLinkInvalidError, type LoginLinkInvalidReason } from "./errors";
export { expireOpenLoginLinks } from "./expire-open-login-links";
export { hashLinkToken, isWellFormedLinkToken, newLinkToken } from "./link-token";
export { LOGIN_LINK_RETENTION_DAYS, pruneExpiredLoginLinks } from "./prune-expired-login-links";
export { LOGIN_LINK_CONVERSION_STAGE } from "./record-link-conversion";
export { redeemLoginLink, type RedeemLoginLinkInput, type RedeemedLoginLink } from "./redeem-login-link";
export { sendLoginLinkMail, type SendLoginLinkMailInput } from "./send-login-link-mail";
export { LOGIN_LINK_TTL_MINUTES } from "@/lib/core/config/login-link-ttl";
