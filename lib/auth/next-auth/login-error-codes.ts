/** The `error`/`notice` codes the sign-in pages show messages for. */
export const LOGIN_ERROR = {
  refused: "refused",
  throttled: "throttled",
  unverifiedEmail: "unverified_email",
  linkSent: "link_sent",
} as const;

export type LoginErrorCode = (typeof LOGIN_ERROR)[keyof typeof LOGIN_ERROR];
