-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "identity_proof_kind" TEXT;

-- AlterTable
ALTER TABLE "press_releases" ADD COLUMN     "approved_review_fingerprint" CHAR(64),
ADD COLUMN     "review_fingerprint" CHAR(64);

-- AlterTable
ALTER TABLE "press_release_classifications" ADD COLUMN     "review_fingerprint" CHAR(64);
