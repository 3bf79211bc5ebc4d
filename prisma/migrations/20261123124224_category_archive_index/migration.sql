-- CreateIndex
CREATE INDEX "press_releases_portal_language_category_id_published_at_idx" ON "press_releases"("portal", "language", "category_id", "published_at" DESC);
