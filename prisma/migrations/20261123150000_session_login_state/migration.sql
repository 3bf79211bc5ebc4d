-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "identity_proved_at" TIMESTAMPTZ(3),
ADD COLUMN     "login_method" TEXT NOT NULL DEFAULT 'password',
ADD COLUMN     "two_factor_pending" BOOLEAN NOT NULL DEFAULT false;
