import { getConfig } from "@/lib/core/config";
import { derivedKey } from "@/lib/core/security/derived-key";

/** HMAC key for e-mailed proof codes (from APP_KEY): a read of the cache store alone cannot test guesses offline. */
export const emailCodeKey = (): Buffer => derivedKey(getConfig().security.appKey, "pressdesk/identity-proof/email-code/v1");
