import { getConfig } from "@/lib/core/config";

/** The next-auth session cookie: an encrypted JWT that carries only the session reference. */
export const SESSION_COOKIE = "pd.session";
/** A random value per browser; account-link confirmations must be redeemed where they were asked for. */
export const BROWSER_BINDING_COOKIE = "pd.browser";

export const secureCookies = () => getConfig().sites.protocol === "https";
