import type { MagicLinkPurpose } from "@/lib/generated/prisma/client";

/**
 * How long a link stays valid, per purpose. A link is a bearer credential sitting in a mailbox,
 * so it lives only as long as its use needs:
 * - login, account_link, registration: 15 minutes. Asked for by someone at the screen right now; a short
 *   window limits what a forwarded or leaked mail is worth. account_link is additionally bound
 *   to the browser session that asked for it (spec 5.9).
 * - password_reset, email_change: 60 minutes. Also asked for right now, but people switch
 *   devices or wait for a slow mail before acting; an hour is the usual allowance.
 * - image_confirmation: 7 days. Not asked for: we send it (spec 6.3) and the customer acts when
 *   they read the mail, possibly after a weekend; so it confirms the rights to the one image it
 *   names and never signs in (lib/domains/images/confirmation-link).
 * - invitation: 7 days. An owner invites a colleague, who may be away for the week; the link
 *   only joins the newsroom named in the invitation and signs in the invited address.
 */
export const LOGIN_LINK_TTL_MINUTES: Record<MagicLinkPurpose, number> = {
  login: 15,
  account_link: 15,
  registration: 15,
  password_reset: 60,
  email_change: 60,
  image_confirmation: 7 * 24 * 60,
  invitation: 7 * 24 * 60,
};
