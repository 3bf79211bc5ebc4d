import { db } from "@/lib/db/client";
import { bestEffort } from "./best-effort";

/** Writes one conversion event (spec 6.1); failures in writing are swallowed. */
export async function recordConversionEvent(event: { stage: number; source?: string | null; companyId?: number | null; pressReleaseId?: number | null }): Promise<void> {
  await bestEffort(`conversion event (stage ${event.stage}) write`, () =>
    db.conversionEvent.create({ data: { stage: event.stage, source: event.source ?? null, companyId: event.companyId ?? null, pressReleaseId: event.pressReleaseId ?? null } }),
  );
}
