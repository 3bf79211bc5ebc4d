-- Full-text search lives only in the mirror table (spec 2.3): one generated tsvector per
-- language configuration, weighted title > lead > company > body. Idempotent.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'press_release_search' AND column_name = 'search_de' AND is_generated = 'NEVER') THEN
    ALTER TABLE press_release_search DROP COLUMN search_de, DROP COLUMN search_en;
  END IF;
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'press_release_search' AND column_name = 'search_pairs' AND is_generated = 'NEVER') THEN
    ALTER TABLE press_release_search DROP COLUMN search_pairs;
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

-- Phrase searches (lib/domains/releases/search-phrases.ts): the keys of every two lexemes that stand
-- side by side in the release's own language's tsvector (positions as the phrase operator reads
-- them, so a release matching 'werk' <-> 'energi' holds the key of that pair). A GIN index on
-- them finds the releases holding a phrase even when its words are in nearly every release.
-- Keys are the first 32 bits of md5('left right'); a collision only adds candidates, which the
-- tsvector match drops. The body names only built-in functions (a restore runs it with an empty
-- search_path). Changing it means rewriting the column.
CREATE OR REPLACE FUNCTION search_phrase_pairs(v tsvector) RETURNS integer[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT ('x' || left(md5(a.lexeme || ' ' || b.lexeme), 8))::bit(32)::integer), '{}')
  FROM (SELECT lexeme, unnest(positions) AS pos FROM unnest(v)) a
  JOIN (SELECT lexeme, unnest(positions) AS pos FROM unnest(v)) b ON b.pos = a.pos + 1
$$;

ALTER TABLE press_release_search ADD COLUMN IF NOT EXISTS search_pairs integer[] GENERATED ALWAYS AS (search_phrase_pairs(
  CASE WHEN language = 'de' THEN
    setweight(to_tsvector('german', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('german', coalesce(lead, '')), 'B') ||
    setweight(to_tsvector('german', coalesce(company_name, '')), 'B') ||
    setweight(to_tsvector('german', coalesce(body_text, '')), 'C')
  ELSE
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(lead, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(company_name, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(body_text, '')), 'C')
  END)) STORED;

CREATE INDEX IF NOT EXISTS press_release_search_pairs_idx ON press_release_search USING GIN (search_pairs);

-- The search picks its way by the planner's estimate of the matches (lib/domains/releases/search-matches.ts).
-- With the default target only the few hundred most frequent words get a frequency; a rarer one
-- is guessed at 0.5 % of the table. Ten times the target keeps some ten thousand per column.
ALTER TABLE press_release_search
  ALTER COLUMN search_de SET STATISTICS 1000,
  ALTER COLUMN search_en SET STATISTICS 1000,
  ALTER COLUMN search_pairs SET STATISTICS 1000;

-- Statistics at once (the new column has none until an ANALYZE, and the search's choice of way
-- needs them); ANALYZE runs inside the migration's transaction, unlike VACUUM.
ANALYZE press_release_search;
