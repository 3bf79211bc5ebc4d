/** The `error`/`notice` codes the sign-in pages show messages for. */
export const LOGIN_ERROR = {
  refused: "refused",
  throttled: "throttled",
  /** This account had many failed password attempts: it takes the next one after a short wait. */
  slowed: "slowed",
  /** The sign-in failed on our side; the details went to the error tracker, never into the URL. */
  unavailable: "unavailable",
  unverifiedEmail: "unverified_email",
  /** The password or passkey was right, the account's address not yet confirmed. */
  addressNotConfirmed: "address_not_confirmed",
  linkSent: "link_sent",
  /** A registration link's page was sent without a name or without accepting the documents; the link still works. */
  registrationDetails: "registration_details",
} as const;

export type LoginErrorCode = (typeof LOGIN_ERROR)[keyof typeof LOGIN_ERROR];
