import { getConfig } from "@/lib/core/config";
import { derivedKey } from "@/lib/core/security/derived-key";

// Both keys come from one configured secret (TOTP_ENCRYPTION_KEY, default APP_KEY), each under
// its own purpose label.
const derive = (purpose: string) => derivedKey(getConfig().security.totpEncryptionKey, `pressdesk/two-factor/${purpose}`);

/** AES-256-GCM key for TOTP secrets at rest (format v1). */
export const totpSecretKey = () => derive("totp-secret/v1");

/** HMAC key for recovery-code hashes: a leaked table alone cannot be brute-forced offline. */
export const recoveryCodeKey = () => derive("recovery-code/v1");
