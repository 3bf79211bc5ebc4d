-- CreateEnum
CREATE TYPE "SimilarityKind" AS ENUM ('local', 'domain');

-- AlterTable
ALTER TABLE "user_payment_options" ADD COLUMN     "grandfathering_end_scheduled_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "similar_address_pairs" (
    "id" SERIAL NOT NULL,
    "email_a" TEXT NOT NULL,
    "email_b" TEXT NOT NULL,
    "kind" "SimilarityKind" NOT NULL,
    "distance" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "similar_address_pairs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "similar_address_runs" (
    "id" SERIAL NOT NULL,
    "requested_by_user_id" INTEGER,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "addresses" INTEGER NOT NULL,
    "pairs" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "similar_address_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "similar_address_pairs_distance_email_a_email_b_idx" ON "similar_address_pairs"("distance", "email_a", "email_b");

-- CreateIndex
CREATE UNIQUE INDEX "similar_address_pairs_email_a_email_b_key" ON "similar_address_pairs"("email_a", "email_b");

-- CreateIndex
CREATE INDEX "similar_address_runs_finished_at_idx" ON "similar_address_runs"("finished_at");

-- From prisma/sql/credit-grants.sql
-- Credit grants (lib/billing/credits/grant-credits.ts). Idempotent.

-- The latest grants, newest first: the ledger rows booked with a grant reference. A LIKE prefix
-- cannot use the unique index on reference under the database's collation, so without this
-- the list would read the whole ledger backwards until it found enough grants.
CREATE INDEX IF NOT EXISTS credit_transactions_grants_idx ON credit_transactions (id DESC) WHERE reference LIKE 'grant:%';
