import { getConfig } from "@/lib/core/config";
import { db, isTransaction, type DbOrTx, type Tx } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";

// Legal acceptance (spec 2.5): legal_document_acceptances records which document versions a
// user accepted. The table is insert-only in the database itself (trigger in
// prisma/sql/insert-only.sql), so an acceptance can neither be edited nor withdrawn by any code.

export interface LegalDocument {
  document: string;
  version: string;
  title: string;
  /** Where the hub shows its text. */
  path: string;
}

/** Documents every customer must accept in their current version before submitting (spec 4.2, 9). */
export const REQUIRED_DOCUMENTS: readonly LegalDocument[] = [
  { document: "terms", version: "2026-01", title: "Allgemeine Geschäftsbedingungen", path: "/agb" },
  { document: "publication-rules", version: "2026-03", title: "Veröffentlichungsrichtlinien", path: "/quality" },
];

/** Which list is "current": the shipped one; tests pass another to play a version change. */
export interface LegalOptions {
  required?: readonly LegalDocument[];
  client?: DbOrTx;
}

const versionsOf = (docs: readonly LegalDocument[]) => docs.map(({ document, version }) => ({ document, version }));

export async function legalStatus(userId: number, opts: LegalOptions = {}) {
  const required = opts.required ?? REQUIRED_DOCUMENTS;
  const rows = await (opts.client ?? db).legalDocumentAcceptance.findMany({
    where: { userId, OR: required.map(({ document, version }) => ({ document, version })) },
    orderBy: { acceptedAt: "asc" },
    select: { document: true, version: true, acceptedAt: true },
  });
  const data = required.map((d) => {
    // The first acceptance of a version is the one that counts.
    const hit = rows.find((r) => r.document === d.document && r.version === d.version);
    return { document: d.document, version: d.version, title: d.title, path: d.path, acceptedAt: hit?.acceptedAt ?? null };
  });
  return { data, complete: data.every((d) => d.acceptedAt) };
}

/** The current versions the user has not accepted yet; empty when nothing is missing. */
export async function missingDocuments(userId: number, opts: LegalOptions = {}): Promise<{ document: string; version: string }[]> {
  return versionsOf(await documentsToAccept(userId, opts));
}

/** What a submission form must ask for: nothing while the gate is off. */
export async function documentsToAcceptBeforeSubmit(userId: number): Promise<LegalDocument[]> {
  return getConfig().legal.acceptanceGate ? documentsToAccept(userId) : [];
}

/** The documents behind missingDocuments, with title and page, for a form that asks for acceptance. */
export async function documentsToAccept(userId: number, opts: LegalOptions = {}): Promise<LegalDocument[]> {
  const status = await legalStatus(userId, opts);
  return status.data.filter((d) => !d.acceptedAt).map(({ document, version, title, path }) => ({ document, version, title, path }));
}

/**
 * Records acceptance of the current versions. A version that is not the current one (it
 * changed while the customer was reading: they saw X, the service now requires Y) is refused
 * with the current versions in `details.current`, and nothing at all is stored, not even the
 * other documents of the same request.
 */
export async function acceptDocuments(
  userId: number,
  documents: { document: string; version: string }[],
  ipHmac: { value: string; keyVersion: number } | null,
  opts: LegalOptions = {},
) {
  const required = opts.required ?? REQUIRED_DOCUMENTS;
  const issues = documents.flatMap((d, i) => {
    const current = required.find((r) => r.document === d.document);
    if (!current) return [{ path: `documents.${i}.document`, message: `Unknown document "${d.document}".` }];
    if (current.version !== d.version)
      return [{ path: `documents.${i}.version`, message: `The current version of ${d.document} is ${current.version}.` }];
    return [];
  });
  if (issues.length)
    throw new AppError(
      "validation_failed",
      "Only the current document versions can be accepted.",
      { current: versionsOf(required) },
      issues,
    );

  const store = async (tx: Tx) => {
    // Two acceptances of one user at once (double click, retry) would both see "not yet
    // accepted" and store the version twice; the user's row lock makes the second wait and
    // then see the first one's rows.
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`;
    if (locked.length === 0) throw notFound("There is no such account.");
    const status = await legalStatus(userId, { required, client: tx });
    const fresh = status.data.filter((s) => !s.acceptedAt && documents.some((d) => d.document === s.document));
    if (fresh.length) {
      await tx.legalDocumentAcceptance.createMany({
        data: fresh.map((d) => ({
          userId,
          document: d.document,
          version: d.version,
          ipHmac: ipHmac?.value ?? null,
          ipHmacKeyVersion: ipHmac?.keyVersion ?? null,
        })),
      });
    }
    return legalStatus(userId, { required, client: tx });
  };
  return opts.client && isTransaction(opts.client) ? store(opts.client as Tx) : db.$transaction(store);
}

/** The 428 gate of LEGAL_ACCEPTANCE_GATE: submission waits until every current version is accepted. */
export async function assertLegalAccepted(userId: number, gateOn: boolean, opts: LegalOptions = {}): Promise<void> {
  if (!gateOn) return;
  const missing = await missingDocuments(userId, opts);
  if (missing.length === 0) return;
  throw new AppError("legal_acceptance_required", "Accept the current legal documents first (POST /api/v1/legal/acceptances).", {
    required: missing,
    current: versionsOf(opts.required ?? REQUIRED_DOCUMENTS),
  });
}

/**
 * `LegalAcceptanceGate` of spec 2.5: compares a user's accepted versions with the required ones.
 * `assert` answers 428 (`legal_acceptance_required`, `details.required` = the missing versions).
 */
export const LegalAcceptanceGate = {
  required: (): readonly LegalDocument[] => REQUIRED_DOCUMENTS,
  missing: missingDocuments,
  assert: assertLegalAccepted,
} as const;
