import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

/** The hub page that confirms a new address (app/hub/account/email/confirm/[token]). */
export const emailChangeConfirmUrl = (token: string): string => `${siteOrigin("hub", getSiteHosts())}/account/email/confirm/${token}`;
