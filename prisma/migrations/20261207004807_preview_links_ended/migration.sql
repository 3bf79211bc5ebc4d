-- AlterTable
ALTER TABLE "preview_links" ADD COLUMN     "ended_at" TIMESTAMPTZ(3);
