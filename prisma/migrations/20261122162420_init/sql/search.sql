-- Full-text search lives only in the mirror table (spec 2.3): one generated tsvector per
-- language configuration, weighted title > lead > company > body. Idempotent.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'press_release_search' AND column_name = 'search_de' AND is_generated = 'NEVER') THEN
    ALTER TABLE press_release_search DROP COLUMN search_de, DROP COLUMN search_en;
  END IF;
END;
$$;

ALTER TABLE press_release_search ADD COLUMN IF NOT EXISTS search_de tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('german', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('german', coalesce(lead, '')), 'B') ||
  setweight(to_tsvector('german', coalesce(company_name, '')), 'B') ||
  setweight(to_tsvector('german', coalesce(body_text, '')), 'C')
) STORED;

ALTER TABLE press_release_search ADD COLUMN IF NOT EXISTS search_en tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(lead, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(company_name, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(body_text, '')), 'C')
) STORED;

CREATE INDEX IF NOT EXISTS press_release_search_de_idx ON press_release_search USING GIN (search_de);
CREATE INDEX IF NOT EXISTS press_release_search_en_idx ON press_release_search USING GIN (search_en);
