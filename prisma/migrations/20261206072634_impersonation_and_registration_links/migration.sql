-- AlterEnum
ALTER TYPE "MagicLinkPurpose" ADD VALUE 'registration';

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "impersonator_session_id" INTEGER;

-- AlterTable
ALTER TABLE "activity_log" ADD COLUMN     "impersonator_user_id" INTEGER;

-- CreateIndex
CREATE INDEX "sessions_impersonator_session_id_idx" ON "sessions"("impersonator_session_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_session_id_fkey" FOREIGN KEY ("impersonator_session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
