import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

/** Documents every customer must accept in their current version before submitting (spec 4.2, 9). */
export const REQUIRED_DOCUMENTS = [
  { document: "terms", version: "2026-01", title: "Allgemeine Geschäftsbedingungen" },
  { document: "publication-rules", version: "2026-03", title: "Veröffentlichungsrichtlinien" },
] as const;

export async function legalStatus(userId: number) {
  const rows = await db.legalDocumentAcceptance.findMany({ where: { userId }, orderBy: { acceptedAt: "desc" } });
  const data = REQUIRED_DOCUMENTS.map((d) => {
    const hit = rows.find((r) => r.document === d.document && r.version === d.version);
    return { document: d.document, version: d.version, title: d.title, acceptedAt: hit?.acceptedAt ?? null };
  });
  return { data, complete: data.every((d) => d.acceptedAt) };
}

/**
 * Records acceptance of the current versions. A version that is not the current one (it changed
 * while the customer was reading) is refused with the current versions, and nothing is stored.
 */
export async function acceptDocuments(userId: number, documents: { document: string; version: string }[], ipHmac: { value: string; keyVersion: number } | null) {
  const issues = documents.flatMap((d, i) => {
    const current = REQUIRED_DOCUMENTS.find((r) => r.document === d.document);
    if (!current) return [{ path: `documents.${i}.document`, message: `Unknown document "${d.document}".` }];
    if (current.version !== d.version) return [{ path: `documents.${i}.version`, message: `The current version of ${d.document} is ${current.version}.` }];
    return [];
  });
  if (issues.length) throw new AppError("validation_failed", "Only the current document versions can be accepted.", { current: REQUIRED_DOCUMENTS.map(({ document, version }) => ({ document, version })) }, issues);
  const status = await legalStatus(userId);
  const fresh = documents.filter((d) => !status.data.find((s) => s.document === d.document)?.acceptedAt);
  if (fresh.length) {
    await db.legalDocumentAcceptance.createMany({ data: fresh.map((d) => ({ userId, document: d.document, version: d.version, ipHmac: ipHmac?.value ?? null, ipHmacKeyVersion: ipHmac?.keyVersion ?? null })) });
  }
  return legalStatus(userId);
}

/** The 428 gate of LEGAL_ACCEPTANCE_GATE: submission waits until every current version is accepted. */
export async function assertLegalAccepted(userId: number, gateOn: boolean): Promise<void> {
  if (!gateOn) return;
  const status = await legalStatus(userId);
  if (status.complete) return;
  const missing = status.data.filter((d) => !d.acceptedAt).map(({ document, version }) => ({ document, version }));
  throw new AppError("legal_acceptance_required", "Accept the current legal documents first (POST /api/v1/legal/acceptances).", { required: missing });
}
