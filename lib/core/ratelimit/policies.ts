import { LOGIN_LINK_TTL_MINUTES } from "@/lib/core/config/login-link-ttl";
import { getConfig } from "@/lib/core/config";

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
  /** Redis key prefix; one per policy so counters never mix. */
  prefix: string;
}

export type PolicyName =
  | "api"
  | "share"
  | "loginFailures"
  | "loginAccountFailures"
  | "twoFactor"
  | "csp"
  | "accountMail"
  | "accountMailRecipient"
  | "emailChangeRequests"
  | "twoFactorHourly"
  | "twoFactorDaily"
  | "cspReports"
  | "passkeySignIn"
  | "viewBeacon"
  | "viewBeaconClient"
  | "apiAuthFailures"
  | "mailVisit"
  | "mailVisitClient"
  | "newsletterSignup"
  | "teamInvitations"
  | "imageUploads"
  | "legalRequestForm"
  | "contactForm"
  | "intakeReceiptRecipient"
  | "customerLegalRequests"
  | "websub"
  | "websubVerifyTarget"
  | "websubVerifyTargetHourly"
  | "websubDeliveries"
  | "previewOpen"
  | "previewImage"
  | "previewCreate"
  | "receiptVerify"
  | "portalSearch";

/** Every rate limit in one table. Why each is keyed as it is: */
export function ratePolicies(limits = getConfig().limits): Record<PolicyName, RateLimitPolicy> {
  return {
    // Per API token: one customer's batch import must not slow down another's.
    api: { limit: limits.apiPerMinute, windowSeconds: 60, prefix: "rl:api" },
    // Per client (hashed IP) and portal: shares are anonymous, spec 8 allows 30 per minute.
    share: { limit: limits.sharePerMinute, windowSeconds: 60, prefix: "rl:share" },
    // Per hashed IP across all accounts and entry points; counted only on failure (spec 5.6).
    loginFailures: { limit: limits.loginFailuresPerIp, windowSeconds: limits.loginFailureWindowMinutes * 60, prefix: "rl:login-fail" },
    // Per account (keyed hash of the address), counted on failure: one account sprayed from many
    // addresses. Only counts; lib/domains/accounts/passwords/login-failures.ts turns the count into a slowdown.
    loginAccountFailures: { limit: 1000, windowSeconds: limits.loginFailureWindowMinutes * 60, prefix: "rl:login-account" },
    // Per user: guessing a 6-digit code from many IPs must still stop (spec 5.4).
    twoFactor: { limit: limits.twoFactorFailuresPerMinute, windowSeconds: 60, prefix: "rl:2fa" },
    // The same attempts over an hour and a day: a guesser who waits out each minute meets a
    // wait of an hour, then of a day (a 6-digit code must not fall to patience).
    twoFactorHourly: { limit: limits.twoFactorFailuresPerHour, windowSeconds: 3600, prefix: "rl:2fa-hour" },
    twoFactorDaily: { limit: limits.twoFactorFailuresPerDay, windowSeconds: 86_400, prefix: "rl:2fa-day" },
    // Per hashed IP: login links and registrations send mail to addresses a stranger types in.
    accountMail: { limit: 5, windowSeconds: 15 * 60, prefix: "rl:account-mail" },
    // Per account: each request mails a confirmation to an address the person typed in.
    emailChangeRequests: { limit: 3, windowSeconds: 60 * 60, prefix: "rl:email-change" },
    // Per mailbox (keyed hash, +tags folded): many senders must not flood one mailbox either.
    // The window is a login link's lifetime (recipient-budget.ts says why).
    accountMailRecipient: { limit: 5, windowSeconds: LOGIN_LINK_TTL_MINUTES.login * 60, prefix: "rl:account-mail-to" },
    // Per distinct report: the same violation is logged at most once an hour.
    csp: { limit: 1, windowSeconds: 3600, prefix: "rl:csp" },
    // Per hashed IP, checked before parsing: each request carries up to 20 reports, each a key above.
    cspReports: { limit: 60, windowSeconds: 60, prefix: "rl:csp-reports" },
    // Per hashed IP: no one is known yet, and each start files a challenge in the cache store.
    passkeySignIn: { limit: 30, windowSeconds: 60, prefix: "rl:passkey-sign-in" },
    // Per hashed IP and release: a reader's reloads still count, a replayed beacon stops inflating hits.
    viewBeacon: { limit: 10, windowSeconds: 3600, prefix: "rl:view-beacon" },
    // Per hashed IP across releases: beacons for made-up ids would otherwise push the key above
    // out of the memory limiter and start its count afresh. A newsroom's office behind one
    // address reads fewer than 300 releases an hour.
    viewBeaconClient: { limit: 300, windowSeconds: 3600, prefix: "rl:view-beacon-client" },
    // Per hashed IP, counted only on failure: a guesser has no token to key by.
    apiAuthFailures: { limit: limits.apiAuthFailuresPerIp, windowSeconds: 10 * 60, prefix: "rl:api-auth-fail" },
    // Per hashed IP, mail type and release: a reader's first visit through a mail link counts
    // once a day; reloads and link scanners re-opening it do not.
    mailVisit: { limit: 1, windowSeconds: 86_400, prefix: "rl:mail-visit" },
    // Per hashed IP across links: made-up `src` values must not write without end.
    mailVisitClient: { limit: 60, windowSeconds: 3600, prefix: "rl:mail-visit-client" },
    // Per hashed IP: each sign-up may mail a confirmation to an address a stranger typed in.
    newsletterSignup: { limit: 5, windowSeconds: 15 * 60, prefix: "rl:newsletter-signup" },
    // Per inviting account (resends count too): each invitation mails an address the owner typed
    // in. A team is invited in one sitting; 30 an hour is a large one, not a mail cannon.
    teamInvitations: { limit: 30, windowSeconds: 3600, prefix: "rl:team-invitations" },
    // Per person (tokens, dashboard and admin area together): each upload or correction decodes
    // and renders again; 60 an hour is a large gallery, not a way to keep the image workers busy.
    imageUploads: { limit: 60, windowSeconds: 3600, prefix: "rl:image-upload" },
    // Per hashed IP: the public legal-request form stores a stranger's personal data for years of
    // evidence and mails a receipt to the address typed in. A person with a real concern files one
    // or two; 5 an hour still lets an office behind one address send a few.
    legalRequestForm: { limit: 5, windowSeconds: 3600, prefix: "rl:legal-request-form" },
    // Per hashed IP: each contact message lands in an editor's queue; 5 an hour is a conversation,
    // not a flood of the admin area.
    contactForm: { limit: 5, windowSeconds: 3600, prefix: "rl:contact-form" },
    // Per mailbox (keyed hash, +tags folded): intake receipts go to an address a stranger typed
    // in; past 3 a day the request is still stored, only the receipt stays home.
    intakeReceiptRecipient: { limit: 3, windowSeconds: 86_400, prefix: "rl:intake-receipt-to" },
    // Per person, every attempt that passes the fields: each one checks a redaction against the
    // release text under the release's row lock. A newsroom files a few; 20 an hour leaves room
    // for a preview that went stale and was sent again.
    customerLegalRequests: { limit: 20, windowSeconds: 3600, prefix: "rl:customer-legal-requests" },
    // Per hashed IP: each WebSub (un)subscribe request makes the hub call a URL a stranger typed
    // in (the intent verification). A reader subscribes to a few feeds; an aggregator renews its
    // leases in batches, spread over the lease.
    websub: { limit: 60, windowSeconds: 60, prefix: "rl:websub" },
    // Per callback domain (registrable domain, lib/adapters/public/websub/callback-domain.ts), whoever
    // asks: each request the hub takes makes it GET that domain, and strangers from many addresses
    // must not turn the hub on a third party. A subscriber's batch of renewals fits; a flood waits.
    websubVerifyTarget: { limit: 10, windowSeconds: 60, prefix: "rl:websub-target" },
    // The same per hour: a domain adds at most 60 subscriptions an hour, so nobody fills a topic
    // (or a domain's share of it) in one go.
    websubVerifyTargetHourly: { limit: 60, windowSeconds: 3600, prefix: "rl:websub-target-hour" },
    // Per callback host: content deliveries started per second, whichever process sends them.
    websubDeliveries: { limit: 10, windowSeconds: 1, prefix: "rl:websub-deliveries" },
    // Per hashed IP: every open of a preview page looks a token up and counts an open in the
    // link's log. A journalist reloads a few times; 30 a minute bounds token guessing (hopeless
    // at 256 bits anyway) and keeps a stranger from inflating a link's open count.
    previewOpen: { limit: 30, windowSeconds: 60, prefix: "rl:preview-open" },
    // Per hashed IP: the images of a preview page, up to three files each, fetched per page view.
    previewImage: { limit: 300, windowSeconds: 60, prefix: "rl:preview-image" },
    // Per person: each link may mail an address the sender typed in. A press list for one
    // release is sent in one sitting; 60 an hour is a long list, not a mail cannon.
    previewCreate: { limit: 60, windowSeconds: 3600, prefix: "rl:preview-create" },
    // Per hashed IP: the public receipt check reads up to 64 KiB and asks the database for a key
    // and a receipt each time. A journalist checks a handful; 30 a minute is a desk checking a pile.
    receiptVerify: { limit: 30, windowSeconds: 60, prefix: "rl:receipt-verify" },
    // Per hashed IP: each search with words is a full-text query; a reader types a few a minute.
    portalSearch: { limit: 30, windowSeconds: 60, prefix: "rl:portal-search" },
  };
}
