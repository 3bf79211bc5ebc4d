-- From prisma/sql/review-fingerprint.sql
-- The review fingerprint (lib/releases/review-fingerprint.ts) computed by the database, so a
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

-- Images are judged from now on: a release with images a publication would deliver gets the
-- fingerprint of its text and those images (lib/releases/review-images.ts: not removed, not
-- withheld, an admin's upload released by the owner); a release without keeps its value. A
-- check or approval of the text alone never saw the images: on a release in review or
-- scheduled its checks are discarded and its approval cleared, and a scheduled one goes back
-- to review (the check sweep asks for its new check). Published releases only get the value.
ALTER TABLE "press_releases" ADD COLUMN "next_review_fingerprint" CHAR(64);
UPDATE "press_releases" r SET "next_review_fingerprint" = pd_review_fingerprint(
  r."title", r."lead", r."body", r."location", r."keywords", r."category_id",
  r."contact_name", r."contact_email", r."contact_phone", r."language"::text, j."images")
FROM (
  SELECT "press_release_id", array_agg("bytes_sha256" || ':' || "metadata_hash") AS "images"
  FROM "press_release_images"
  WHERE "deleted_at" IS NULL AND "withheld_at" IS NULL AND "precheck_withheld_at" IS NULL
    AND (NOT "uploaded_by_admin" OR "owner_confirmed_at" IS NOT NULL)
  GROUP BY "press_release_id"
) j
WHERE j."press_release_id" = r."id";
INSERT INTO "press_release_history" ("press_release_id", "from_status", "to_status", "actor_type", "outcome")
  SELECT "id", 'scheduled', 'in_review', 'system',
    CASE WHEN "manual_review_required_at" IS NOT NULL THEN 'manual_queue' ELSE 'images_changed' END
  FROM "press_releases"
  WHERE "next_review_fingerprint" IS NOT NULL AND "next_review_fingerprint" IS DISTINCT FROM "review_fingerprint" AND "status" = 'scheduled';
UPDATE "press_release_classifications" c SET "discarded_at" = now()
  FROM "press_releases" r
  WHERE c."press_release_id" = r."id" AND c."discarded_at" IS NULL AND r."status" IN ('in_review', 'scheduled')
    AND r."next_review_fingerprint" IS NOT NULL AND r."next_review_fingerprint" IS DISTINCT FROM r."review_fingerprint";
UPDATE "press_releases" SET
    "status" = 'in_review',
    "manual_queue_at" = CASE WHEN "manual_review_required_at" IS NOT NULL THEN now() ELSE "manual_queue_at" END
  WHERE "next_review_fingerprint" IS NOT NULL AND "next_review_fingerprint" IS DISTINCT FROM "review_fingerprint" AND "status" = 'scheduled';
UPDATE "press_releases" SET
    "approved_review_fingerprint" = CASE WHEN "status" IN ('in_review', 'scheduled', 'draft', 'rejected') THEN NULL ELSE "approved_review_fingerprint" END,
    "updated_at" = CASE WHEN "status" = 'in_review' THEN now() ELSE "updated_at" END,
    "review_fingerprint" = "next_review_fingerprint"
  WHERE "next_review_fingerprint" IS NOT NULL AND "next_review_fingerprint" IS DISTINCT FROM "review_fingerprint";
ALTER TABLE "press_releases" DROP COLUMN "next_review_fingerprint";
