-- CreateEnum
CREATE TYPE "WebhookSource" AS ENUM ('stripe', 'resend');

-- CreateEnum
CREATE TYPE "WebhookFailureKind" AS ENUM ('signature', 'error');

-- AlterTable
ALTER TABLE "job_heartbeats" ADD COLUMN     "first_run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "last_error" TEXT,
ADD COLUMN     "last_failed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "webhook_failures" (
    "source" "WebhookSource" NOT NULL,
    "kind" "WebhookFailureKind" NOT NULL,
    "minute" TIMESTAMPTZ(0) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "last_detail" TEXT,

    CONSTRAINT "webhook_failures_pkey" PRIMARY KEY ("source","kind","minute")
);

-- CreateIndex
CREATE INDEX "webhook_failures_minute_idx" ON "webhook_failures"("minute");
