-- CreateEnum
CREATE TYPE "BounceSource" AS ENUM ('provider_event', 'dsn');

-- AlterEnum
ALTER TYPE "ReleaseEventType" ADD VALUE 'mail_click';

-- DropForeignKey
ALTER TABLE "newsletter_campaign_recipients" DROP CONSTRAINT "newsletter_campaign_recipients_user_id_fkey";

-- DropIndex
DROP INDEX "mail_outbox_status_created_at_idx";

-- AlterTable
ALTER TABLE "email_bounces" ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "needs_review" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reviewed_at" TIMESTAMPTZ(3),
ADD COLUMN     "source" "BounceSource" NOT NULL DEFAULT 'dsn';

-- AlterTable
ALTER TABLE "mail_outbox" ADD COLUMN     "claimed_at" TIMESTAMPTZ(3),
ADD COLUMN     "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "newsletter_campaigns" DROP COLUMN "suppressed_count",
ADD COLUMN     "language" "Language" NOT NULL DEFAULT 'de';

-- AlterTable
ALTER TABLE "newsletter_campaign_recipients" ADD COLUMN     "provider_message_id" TEXT,
ADD COLUMN     "subscriber_id" INTEGER NOT NULL,
ALTER COLUMN "user_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "mail_circuit" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "opened_at" TIMESTAMPTZ(3),
    "open_until" TIMESTAMPTZ(3),
    "reason" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mail_circuit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operational_alerts" (
    "key" TEXT NOT NULL,
    "last_sent_at" TIMESTAMPTZ(3) NOT NULL,
    "last_detail" TEXT,
    "count" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "operational_alerts_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "local_mailbox" (
    "id" SERIAL NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_mailbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_subscribers" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "language" "Language" NOT NULL DEFAULT 'de',
    "portals" "Portal"[] DEFAULT ARRAY[]::"Portal"[],
    "user_id" INTEGER,
    "confirm_token_hash" TEXT,
    "confirm_expires_at" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),
    "unsubscribed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "newsletter_subscribers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "local_mailbox_idempotency_key_key" ON "local_mailbox"("idempotency_key");

-- CreateIndex
CREATE INDEX "local_mailbox_created_at_idx" ON "local_mailbox"("created_at");

-- CreateIndex
CREATE INDEX "local_mailbox_to_idx" ON "local_mailbox"("to");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscribers_user_id_key" ON "newsletter_subscribers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_token_hash_key" ON "newsletter_subscribers"("confirm_token_hash");

-- CreateIndex
CREATE INDEX "newsletter_subscribers_confirmed_at_idx" ON "newsletter_subscribers"("confirmed_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_bounces_external_id_key" ON "email_bounces"("external_id");

-- CreateIndex
CREATE INDEX "email_bounces_is_relay_created_at_idx" ON "email_bounces"("is_relay", "created_at");

-- CreateIndex
CREATE INDEX "mail_outbox_status_next_attempt_at_idx" ON "mail_outbox"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_campaign_recipients_campaign_id_subscriber_id_key" ON "newsletter_campaign_recipients"("campaign_id", "subscriber_id");

-- AddForeignKey
ALTER TABLE "newsletter_campaign_recipients" ADD CONSTRAINT "newsletter_campaign_recipients_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "newsletter_subscribers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_campaign_recipients" ADD CONSTRAINT "newsletter_campaign_recipients_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
