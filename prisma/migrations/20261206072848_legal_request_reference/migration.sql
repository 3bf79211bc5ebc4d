-- AlterTable
ALTER TABLE "legal_requests" ADD COLUMN     "reference" TEXT NOT NULL DEFAULT upper(overlay(overlay(left(replace((gen_random_uuid())::text, '-'::text, ''::text), 12) placing '-'::text from 5 for 0) placing '-'::text from 10 for 0));

-- CreateIndex
CREATE UNIQUE INDEX "legal_requests_reference_key" ON "legal_requests"("reference");
