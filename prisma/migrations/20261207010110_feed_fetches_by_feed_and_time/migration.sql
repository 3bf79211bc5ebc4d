-- DropIndex
DROP INDEX "feed_fetches_feed_kind_feed_key_idx";

-- CreateIndex
CREATE INDEX "feed_fetches_feed_kind_feed_key_portal_language_fetched_at_idx" ON "feed_fetches"("feed_kind", "feed_key", "portal", "language", "fetched_at");
