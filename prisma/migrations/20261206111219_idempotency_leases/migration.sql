-- AlterTable
ALTER TABLE "idempotency_keys" ADD COLUMN     "attempt" UUID,
ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "resource_id" INTEGER;
