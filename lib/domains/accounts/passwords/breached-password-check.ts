import { getConfig, type Config } from "@/lib/core/config";
import { embeddedListBreachCheck } from "./embedded-list-check";
import { rangeApiBreachCheck } from "./range-api-check";

/** The breached-password port (spec 5.7): is this password known from public data breaches? */
export interface BreachedPasswordCheck {
  readonly name: "range-api" | "embedded-list";
  isBreached(password: string): Promise<boolean>;
}

/**
 * Production asks the k-anonymity range API (PASSWORD_BREACH_CHECK, on when a DATABASE_URL
 * is set); the embedded default compares with the local list, so the rule works offline.
 */
export function getBreachedPasswordCheck(auth: Config["auth"] = getConfig().auth): BreachedPasswordCheck {
  return auth.passwordBreachCheck ? rangeApiBreachCheck({ baseUrl: auth.passwordBreachRangeUrl }) : embeddedListBreachCheck();
}
