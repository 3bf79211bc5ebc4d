-- CreateTable
CREATE TABLE "public_cache_invalidations" (
    "id" BIGSERIAL NOT NULL,
    "tags" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "public_cache_invalidations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "public_cache_invalidations_created_at_idx" ON "public_cache_invalidations"("created_at");
