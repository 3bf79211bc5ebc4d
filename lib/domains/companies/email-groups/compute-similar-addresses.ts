import { db, type DbOrTx } from "@/lib/core/db/client";
import type { EmailClassification } from "@/lib/generated/prisma/client";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { parseAddress } from "./classify-email";
import { classificationOf, storedClassifications } from "./effective-classification";
import { similarAddressPairs, type AddressRepresentative } from "./similar-addresses";

// The address similarity check of spec 8, run as a job (daily, on the console, or when staff ask
// from /admin/companies/similar) into similar_address_pairs. Comparing takes about half a second
// of CPU for 20,000 addresses and seconds for 100,000 (bench/similar-addresses.ts), too much
// for a page view; the screen pages through the stored pairs and says when they were computed.

/** Pairs written per statement. */
const INSERT_CHUNK = 5_000;
/** Runs kept for the screen's "computed at" and the operator; older ones go. */
const RUNS_KEPT = 30;

export interface CompanyAddress {
  email: string;
  /** Live newsrooms (not deleted, not merged away) with this address, by id. */
  ids: number[];
  classification: EmailClassification;
}

/**
 * The normalized company addresses of live newsrooms with their effective classification: the
 * stored group's (manual override first), or as effective-classification.ts computes it for an
 * address without a group yet. With `emails`, only those.
 */
export async function loadCompanyAddresses(client: DbOrTx = db, emails?: string[]): Promise<CompanyAddress[]> {
  const rows = await client.$queryRaw<{ email: string; ids: number[] }[]>`
    SELECT lower(btrim(email)) AS email, array_agg(id ORDER BY id) AS ids FROM companies
    WHERE deleted_at IS NULL AND merged_into_company_id IS NULL AND email IS NOT NULL AND btrim(email) <> ''
      AND (${emails ?? null}::text[] IS NULL OR lower(btrim(email)) = ANY(${emails ?? null}::text[]))
    GROUP BY 1`;
  const stored = await storedClassifications(client, emails);
  return rows.map((r) => ({ email: r.email, ids: r.ids, classification: classificationOf(stored.get(r.email), r.email, r.ids.length) }));
}

/** The representatives the check compares: readable addresses that say something about one firm (not `agency`, not `unknown`). */
function representativesOf(addresses: CompanyAddress[]): AddressRepresentative[] {
  return addresses.flatMap((a) => {
    const parts = parseAddress(a.email);
    return parts && a.classification !== "agency" && a.classification !== "unknown" ? [{ email: a.email, ...parts }] : [];
  });
}

export interface SimilarAddressesRun {
  addresses: number;
  pairs: number;
  durationMs: number;
  finishedAt: Date;
}

/**
 * Computes every similar pair and replaces the stored ones in one transaction, so the screen
 * shows the old list or the new one, never half of each. Two runs at once are serialized; the
 * second replaces the first's rows with its own, equally fresh.
 */
export async function computeSimilarAddresses(opts: { requestedByUserId?: number | null } = {}): Promise<SimilarAddressesRun> {
  const startedAt = new Date();
  const representatives = representativesOf(await loadCompanyAddresses());
  const pairs = similarAddressPairs(representatives);
  const finishedAt = new Date();
  const durationMs = finishedAt.getTime() - startedAt.getTime();
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('similar-address-pairs'))`;
      await tx.$executeRaw`DELETE FROM similar_address_pairs`;
      for (let i = 0; i < pairs.length; i += INSERT_CHUNK) {
        await tx.similarAddressPair.createMany({
          data: pairs
            .slice(i, i + INSERT_CHUNK)
            .map((p) => ({ emailA: p.a, emailB: p.b, kind: p.kind, distance: p.distance, computedAt: finishedAt })),
        });
      }
      const run = await tx.similarAddressRun.create({
        data: {
          requestedByUserId: opts.requestedByUserId ?? null,
          startedAt,
          finishedAt,
          addresses: representatives.length,
          pairs: pairs.length,
          durationMs,
        },
        select: { id: true },
      });
      await tx.similarAddressRun.deleteMany({ where: { id: { lte: run.id - RUNS_KEPT } } });
    },
    { timeout: 120_000 },
  );
  return { addresses: representatives.length, pairs: pairs.length, durationMs, finishedAt };
}

export const computeSimilarAddressesJob = defineJob<{ requestedByUserId?: number }>({
  name: JOB.computeSimilarAddresses,
  retries: 1,
  timeoutSeconds: 600,
  // A retry computes the whole list again: the stored one is replaced only as a whole.
  handler: async (payload, { step }) =>
    step.run("compute", () => computeSimilarAddresses({ requestedByUserId: payload.requestedByUserId ?? null })),
});
