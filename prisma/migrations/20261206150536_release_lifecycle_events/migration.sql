-- CreateEnum
CREATE TYPE "LifecycleEventType" AS ENUM ('created', 'edited', 'submitted', 'checked', 'published', 'rejected', 'scheduled', 'changed', 'corrected', 'withdrawn', 'archived', 'unarchived', 'depublished', 'republished', 'tombstoned', 'untombstoned', 'deleted');

-- CreateTable
CREATE TABLE "release_lifecycle_events" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "type" "LifecycleEventType" NOT NULL,
    "from_status" "ReleaseStatus",
    "to_status" "ReleaseStatus" NOT NULL,
    "actor_type" "ActorType" NOT NULL,
    "actor_user_id" INTEGER,
    "data" JSONB NOT NULL DEFAULT '{}',
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,

    CONSTRAINT "release_lifecycle_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "release_lifecycle_deliveries" (
    "event_id" INTEGER NOT NULL,
    "subscriber" TEXT NOT NULL,
    "delivered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "release_lifecycle_deliveries_pkey" PRIMARY KEY ("event_id","subscriber")
);

-- CreateIndex
CREATE INDEX "release_lifecycle_events_press_release_id_id_idx" ON "release_lifecycle_events"("press_release_id", "id");

-- AddForeignKey
ALTER TABLE "release_lifecycle_events" ADD CONSTRAINT "release_lifecycle_events_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_lifecycle_deliveries" ADD CONSTRAINT "release_lifecycle_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "release_lifecycle_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- From prisma/sql/lifecycle-events.sql
-- Release lifecycle events (lib/releases/lifecycle). Idempotent.

-- The sweep reads only events whose reactions are not all done.
CREATE INDEX IF NOT EXISTS release_lifecycle_events_unsettled_idx ON release_lifecycle_events (next_attempt_at) WHERE settled_at IS NULL;
