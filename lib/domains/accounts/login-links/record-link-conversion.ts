import { recordConversionEvent } from "@/lib/domains/activity/conversion-events";

/** The funnel stage of a login-link redemption (spec 6.1). */
export const LOGIN_LINK_CONVERSION_STAGE = 2;

const positiveInt = (v: unknown): number | null => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);

/**
 * Writes the stage-2 conversion event of a redeemed link. Best-effort (spec 6.1: failures in
 * writing are swallowed): the sign-in must not fail over a funnel statistic. A link payload
 * naming `companyId` / `pressReleaseId` (e.g. an image confirmation) attributes the event.
 * The log line carries only the error's last line, never the link or its token.
 */
export async function recordLinkConversion(link: { source: string | null; payload: unknown }): Promise<void> {
  const payload = link.payload && typeof link.payload === "object" ? (link.payload as Record<string, unknown>) : {};
  await recordConversionEvent({
    stage: LOGIN_LINK_CONVERSION_STAGE,
    source: link.source,
    companyId: positiveInt(payload.companyId),
    pressReleaseId: positiveInt(payload.pressReleaseId),
  });
}
