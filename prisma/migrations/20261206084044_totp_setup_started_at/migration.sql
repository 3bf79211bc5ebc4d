-- AlterTable
ALTER TABLE "users" ADD COLUMN     "totp_setup_started_at" TIMESTAMPTZ(3);
