-- From prisma/sql/review-fingerprint.sql
-- The review fingerprint (lib/releases/review-fingerprint.ts) computed by the database, so a
-- migration can fill stored rows when the judged fields or their encoding change. Both sides
-- must agree byte for byte: tests/review-fingerprint-sql.integration.test.ts compares them.

-- One field: NULL is '~', text its UTF-8 length, ':' and itself.
CREATE OR REPLACE FUNCTION pd_review_field(v text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN v IS NULL THEN '~' ELSE octet_length(v)::text || ':' || v END $$;

CREATE OR REPLACE FUNCTION pd_review_fingerprint(
  title text, lead text, body text, location text, keywords text[], category_id integer,
  contact_name text, contact_email text, contact_phone text, language text
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT encode(sha256(convert_to(
      pd_review_field('review-v2') || pd_review_field(title) || pd_review_field(lead)
      || pd_review_field(body) || pd_review_field(location)
      || pd_review_field(coalesce(cardinality(keywords), 0)::text)
      || coalesce((SELECT string_agg(pd_review_field(k), '' ORDER BY i) FROM unnest(keywords) WITH ORDINALITY AS t(k, i)), '')
      || pd_review_field(category_id::text) || pd_review_field(contact_name)
      || pd_review_field(contact_email) || pd_review_field(contact_phone) || pd_review_field(language),
    'UTF8')), 'hex')
  $$;

-- Every stored release gets its fingerprint under the encoding above; checks made for the
-- version a release still has, and a person's approval of it, move along. An approval stored
-- before fingerprints existed (approved_content_hash) carries over when the text is still the
-- one approved. Checks without a fingerprint stay as they are: publish() finds them stale and
-- orders a new check.
ALTER TABLE "press_releases" ADD COLUMN "next_review_fingerprint" CHAR(64);
UPDATE "press_releases" SET "next_review_fingerprint" = pd_review_fingerprint(
  "title", "lead", "body", "location", "keywords", "category_id",
  "contact_name", "contact_email", "contact_phone", "language"::text);
UPDATE "press_release_classifications" c SET "review_fingerprint" = r."next_review_fingerprint"
  FROM "press_releases" r
  WHERE c."press_release_id" = r."id" AND c."review_fingerprint" = r."review_fingerprint";
UPDATE "press_releases" SET "approved_review_fingerprint" = "next_review_fingerprint"
  WHERE ("approved_review_fingerprint" IS NOT NULL AND "approved_review_fingerprint" = "review_fingerprint")
     OR ("approved_review_fingerprint" IS NULL AND "approved_content_hash" = "content_hash");
UPDATE "press_releases" SET "review_fingerprint" = "next_review_fingerprint";
ALTER TABLE "press_releases" DROP COLUMN "next_review_fingerprint";
ALTER TABLE "press_releases" DROP COLUMN "approved_content_hash";
