-- AlterTable
ALTER TABLE "press_releases" ADD COLUMN     "approved_content_hash" CHAR(64);
