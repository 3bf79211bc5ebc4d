-- AlterTable
ALTER TABLE "press_release_image_snapshots" ADD COLUMN     "cover_sha256" CHAR(64),
ADD COLUMN     "json_sha256" CHAR(64);
