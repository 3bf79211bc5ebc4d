/** The `error`/`notice` codes the sign-in pages show messages for. */
export const LOGIN_ERROR = {
  refused: "refused",
  throttled: "throttled",
  /** The sign-in failed on our side; the details went to the error tracker, never into the URL. */
  unavailable: "unavailable",
  unverifiedEmail: "unverified_email",
  linkSent: "link_sent",
} as const;

export type LoginErrorCode = (typeof LOGIN_ERROR)[keyof typeof LOGIN_ERROR];
