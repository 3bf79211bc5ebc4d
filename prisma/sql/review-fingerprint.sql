-- The review fingerprint (lib/domains/releases/review-fingerprint.ts) computed by the database, so a
-- migration can fill stored rows when the judged fields or their encoding change. Both sides
-- must agree byte for byte: tests/review-fingerprint-sql.integration.test.ts compares them.

-- One field: NULL is '~', text its UTF-8 length, ':' and itself.
CREATE OR REPLACE FUNCTION pd_review_field(v text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN v IS NULL THEN '~' ELSE octet_length(v)::text || ':' || v END $$;

-- The text-only form (before images were judged) is replaced by the one below.
DROP FUNCTION IF EXISTS pd_review_fingerprint(text, text, text, text, text[], integer, text, text, text, text);

-- images: one 'bytes_sha256:metadata_hash' per judged image, in any order; none adds nothing.
CREATE OR REPLACE FUNCTION pd_review_fingerprint(
  title text, lead text, body text, location text, keywords text[], category_id integer,
  contact_name text, contact_email text, contact_phone text, language text, images text[]
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT encode(sha256(convert_to(
      pd_review_field('review-v2') || pd_review_field(title) || pd_review_field(lead)
      || pd_review_field(body) || pd_review_field(location)
      || pd_review_field(coalesce(cardinality(keywords), 0)::text)
      || coalesce((SELECT string_agg(pd_review_field(k), '' ORDER BY i) FROM unnest(keywords) WITH ORDINALITY AS t(k, i)), '')
      || pd_review_field(category_id::text) || pd_review_field(contact_name)
      || pd_review_field(contact_email) || pd_review_field(contact_phone) || pd_review_field(language)
      || CASE WHEN coalesce(cardinality(images), 0) = 0 THEN '' ELSE
           pd_review_field('images') || pd_review_field(cardinality(images)::text)
           || (SELECT string_agg(pd_review_field(e), '' ORDER BY e COLLATE "C") FROM unnest(images) AS t(e))
         END,
    'UTF8')), 'hex')
  $$;
