-- AlterTable
ALTER TABLE "archive_pending_jobs" ADD COLUMN     "claimed_until" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "press_release_images_storage_prefix_idx" ON "press_release_images"("storage_prefix");
