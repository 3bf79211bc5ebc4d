-- AlterTable
ALTER TABLE "public_cache_invalidations" ADD COLUMN     "additive" BOOLEAN NOT NULL DEFAULT false;
