-- The activity report's search (spec 4.3, lib/domains/reports/activity-report.ts): one generated
-- tsvector over the entry's subject, result, reason and path. The 'simple' configuration keeps
-- ids, paths, addresses and German and English words as written (lowercased, no stemming), so
-- a prefix query finds "12345", "login_link" or "insolvent" alike. Core PostgreSQL only (no
-- pg_trgm), so the embedded PGlite runs it as it is started today. Idempotent.
ALTER TABLE activity_log ADD COLUMN IF NOT EXISTS search tsvector GENERATED ALWAYS AS (
  to_tsvector('simple',
    coalesce(subject_type, '') || ' ' || coalesce(subject_id, '') || ' ' || coalesce(result, '') || ' ' ||
    coalesce(reason, '') || ' ' || coalesce(path, ''))
) STORED;

CREATE INDEX IF NOT EXISTS activity_log_search_idx ON activity_log USING GIN (search);
