-- CreateEnum
CREATE TYPE "WebsubMode" AS ENUM ('subscribe', 'unsubscribe');

-- CreateEnum
CREATE TYPE "WebsubVerificationStatus" AS ENUM ('pending', 'verified', 'failed', 'superseded');

-- CreateTable
CREATE TABLE "websub_subscriptions" (
    "id" SERIAL NOT NULL,
    "topic" TEXT NOT NULL,
    "callback" TEXT NOT NULL,
    "callback_host" TEXT NOT NULL,
    "secret_sealed" TEXT,
    "lease_seconds" INTEGER NOT NULL,
    "verified_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_delivery_at" TIMESTAMPTZ(3),
    "last_delivery_status" INTEGER,
    "last_delivery_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "websub_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "websub_verifications" (
    "id" SERIAL NOT NULL,
    "mode" "WebsubMode" NOT NULL,
    "topic" TEXT NOT NULL,
    "callback" TEXT NOT NULL,
    "callback_host" TEXT NOT NULL,
    "secret_sealed" TEXT,
    "lease_seconds" INTEGER,
    "status" "WebsubVerificationStatus" NOT NULL DEFAULT 'pending',
    "claimed_until" TIMESTAMPTZ(3),
    "reason" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "websub_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "websub_notifications" (
    "id" SERIAL NOT NULL,
    "topic" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" TEXT NOT NULL,
    "event_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "websub_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "websub_topic_states" (
    "topic" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "websub_topic_states_pkey" PRIMARY KEY ("topic")
);

-- CreateTable
CREATE TABLE "websub_deliveries" (
    "id" SERIAL NOT NULL,
    "subscription_id" INTEGER NOT NULL,
    "callback_host" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "websub_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "websub_subscriptions_callback_host_idx" ON "websub_subscriptions"("callback_host");

-- CreateIndex
CREATE INDEX "websub_subscriptions_expires_at_idx" ON "websub_subscriptions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "websub_subscriptions_topic_callback_key" ON "websub_subscriptions"("topic", "callback");

-- CreateIndex
CREATE INDEX "websub_verifications_status_requested_at_idx" ON "websub_verifications"("status", "requested_at");

-- CreateIndex
CREATE INDEX "websub_verifications_topic_callback_idx" ON "websub_verifications"("topic", "callback");

-- CreateIndex
CREATE INDEX "websub_verifications_callback_host_status_idx" ON "websub_verifications"("callback_host", "status");

-- CreateIndex
CREATE INDEX "websub_notifications_processed_at_due_at_idx" ON "websub_notifications"("processed_at", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "websub_deliveries_subscription_id_key" ON "websub_deliveries"("subscription_id");

-- CreateIndex
CREATE INDEX "websub_deliveries_next_attempt_at_idx" ON "websub_deliveries"("next_attempt_at");

-- CreateIndex
CREATE INDEX "websub_deliveries_callback_host_claimed_until_idx" ON "websub_deliveries"("callback_host", "claimed_until");

-- AddForeignKey
ALTER TABLE "websub_deliveries" ADD CONSTRAINT "websub_deliveries_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "websub_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
