import { db } from "@/lib/core/db/client";
import { bestEffort } from "./best-effort";

export interface ConversionEventInput {
  stage: number;
  source?: string | null;
  companyId?: number | null;
  pressReleaseId?: number | null;
  /** One event per key (stage 3 and 5 count once per company); a repeat is dropped silently. */
  dedupeKey?: string | null;
}

/** Writes one conversion event (spec 6.1); failures in writing are swallowed. */
export async function recordConversionEvent(event: ConversionEventInput): Promise<void> {
  const data = {
    stage: event.stage,
    source: event.source ?? null,
    companyId: event.companyId ?? null,
    pressReleaseId: event.pressReleaseId ?? null,
    dedupeKey: event.dedupeKey ?? null,
  };
  await bestEffort(`conversion event (stage ${event.stage}) write`, () =>
    event.dedupeKey ? db.conversionEvent.createMany({ data: [data], skipDuplicates: true }) : db.conversionEvent.create({ data }),
  );
}

/** Stage 3, "profile maintenance": a customer filled in or maintained a newsroom's profile; counted once per newsroom. */
export async function recordProfileMaintenance(companyId: number, source: "onboarding" | "profile" | "logo" | "contacts"): Promise<void> {
  await recordConversionEvent({ stage: 3, source, companyId, dedupeKey: `stage3:company:${companyId}` });
}
