-- Indexes Prisma's schema language cannot state (INCLUDE). Idempotent.

-- Category pages and archives: one edition's releases of a few categories by date. The
-- visibility columns ride along so the year bar counts from the index alone (an index-only
-- scan reads no table page per release; spec 8 wants the archive under 50 ms at 100k).
CREATE INDEX IF NOT EXISTS press_releases_category_archive_idx
  ON press_releases (portal, language, category_id, published_at DESC)
  INCLUDE (company_id, status, gone_at, deleted_at, no_export);
