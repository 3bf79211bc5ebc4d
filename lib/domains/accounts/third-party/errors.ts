import { AppError } from "@/lib/core/errors/errors";

export type ThirdPartyRefusalReason = "unverified_email" | "inactive";

const MESSAGES: Record<ThirdPartyRefusalReason, string> = {
  unverified_email: "The sign-in provider has not confirmed this e-mail address.",
  inactive: "This account is not active.",
};

/** Third-party login refused (spec 5.9); `reason` tells the login page which text to show. */
export class ThirdPartyLoginRefusedError extends AppError {
  override name = "ThirdPartyLoginRefusedError";
  constructor(readonly reason: ThirdPartyRefusalReason) {
    super("forbidden", MESSAGES[reason], { reason });
  }
}

export const incompleteProfile = () =>
  new AppError("bad_request", "The sign-in provider did not send an account id and an e-mail address.");
export const missingBrowserSession = () => new AppError("bad_request", "Linking an account needs the browser session that asked for it.");
export const boundElsewhere = () => new AppError("conflict", "This sign-in is already linked to another account.");
