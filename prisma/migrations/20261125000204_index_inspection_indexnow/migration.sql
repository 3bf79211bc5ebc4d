-- CreateEnum
CREATE TYPE "IndexNowReason" AS ENUM ('publish', 'correction', 'removal');

-- CreateEnum
CREATE TYPE "IndexNowPingStatus" AS ENUM ('pending', 'sent', 'failed', 'recorded');

-- AlterTable
ALTER TABLE "press_release_index_checks" ADD COLUMN     "inspector" TEXT,
ADD COLUMN     "url" TEXT;

-- CreateTable
CREATE TABLE "indexnow_pings" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "reason" "IndexNowReason" NOT NULL,
    "status" "IndexNowPingStatus" NOT NULL DEFAULT 'pending',
    "http_status" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "indexnow_pings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "indexnow_pings_press_release_id_created_at_idx" ON "indexnow_pings"("press_release_id", "created_at" DESC);

-- From prisma/sql/indexnow.sql
-- IndexNow pings (lib/seo/indexnow). Idempotent.

-- Plain column in Prisma (no back-relation on the release model); the pings go with their release.
ALTER TABLE indexnow_pings DROP CONSTRAINT IF EXISTS indexnow_pings_press_release_id_fkey;
ALTER TABLE indexnow_pings ADD CONSTRAINT indexnow_pings_press_release_id_fkey
  FOREIGN KEY (press_release_id) REFERENCES press_releases (id) ON DELETE CASCADE;

-- The sender job reads only what waits, oldest first.
CREATE INDEX IF NOT EXISTS indexnow_pings_pending_idx ON indexnow_pings (id) WHERE status = 'pending';
