-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "event_types" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret_sealed" TEXT NOT NULL,
    "previous_secret_sealed" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" TEXT,
    "created_by_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_messages" (
    "id" TEXT NOT NULL,
    "company_id" INTEGER NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "source_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "message_id" TEXT NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" SERIAL NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "succeeded" BOOLEAN NOT NULL,
    "response_excerpt" TEXT NOT NULL DEFAULT '',
    "trigger" TEXT NOT NULL DEFAULT 'first',

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_company_id_idx" ON "webhook_endpoints"("company_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_messages_source_key_key" ON "webhook_messages"("source_key");

-- CreateIndex
CREATE INDEX "webhook_messages_company_id_created_at_idx" ON "webhook_messages"("company_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_message_id_endpoint_id_key" ON "webhook_deliveries"("message_id", "endpoint_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_attempted_at_idx" ON "webhook_attempts"("delivery_id", "attempted_at");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "webhook_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- From prisma/sql/activity-search.sql
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

-- From prisma/sql/constraints.sql
-- Constraints Prisma's schema language cannot state. Idempotent.

-- One open archive job per operation and subject (spec 2.4).
CREATE UNIQUE INDEX IF NOT EXISTS archive_pending_jobs_open_key
  ON archive_pending_jobs (operation, subject_type, subject_id) WHERE completed_at IS NULL;

-- Quota periods are calendar months.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_quota_period_format;
ALTER TABLE users ADD CONSTRAINT users_quota_period_format
  CHECK (press_release_quota_period IS NULL OR press_release_quota_period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');

ALTER TABLE conversion_events DROP CONSTRAINT IF EXISTS conversion_events_stage_range;
ALTER TABLE conversion_events ADD CONSTRAINT conversion_events_stage_range CHECK (stage BETWEEN 1 AND 5);

ALTER TABLE companies DROP CONSTRAINT IF EXISTS companies_credits_not_negative;
ALTER TABLE companies ADD CONSTRAINT companies_credits_not_negative CHECK (credits >= 0);

-- One default press contact per newsroom (the release contact preset).
CREATE UNIQUE INDEX IF NOT EXISTS contacts_one_default_per_company
  ON contacts (company_id) WHERE is_default;

-- One open invitation per newsroom and address; accepted, revoked and expired ones stay as history.
CREATE UNIQUE INDEX IF NOT EXISTS company_invitations_open_key
  ON company_invitations (company_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;


-- The e-mail rights sync matches a user's address against company and contact addresses at
-- every login (lib/domains/companies/email-rights-sync.ts compares lower() on both sides).
CREATE INDEX IF NOT EXISTS companies_lower_email_idx ON companies (lower(email));
CREATE INDEX IF NOT EXISTS contacts_lower_email_idx ON contacts (lower(email));

-- One paid change per release (spec 4.5), and at most one waiting for payment at a time.
CREATE UNIQUE INDEX IF NOT EXISTS press_release_changes_one_applied
  ON press_release_changes (press_release_id) WHERE status = 'applied';
CREATE UNIQUE INDEX IF NOT EXISTS press_release_changes_one_pending
  ON press_release_changes (press_release_id) WHERE status = 'pending_payment';

-- Invoice numbers: STR for provider invoices, MAN for manual ones; amounts never negative.
ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_number_prefix;
ALTER TABLE invoices ADD CONSTRAINT invoices_number_prefix CHECK (number ~ '^(STR|MAN)-');
ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_amounts_not_negative;
ALTER TABLE invoices ADD CONSTRAINT invoices_amounts_not_negative CHECK (amount_cents >= 0 AND tax_cents >= 0);
-- A voided invoice keeps why (never deleted, spec 3.1).
ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_void_has_reason;
ALTER TABLE invoices ADD CONSTRAINT invoices_void_has_reason
  CHECK (status <> 'void' OR (voided_at IS NOT NULL AND void_reason IS NOT NULL));

-- Boost tiers are the three durations of lib/domains/prices/catalog.ts (BOOST_TIERS).
ALTER TABLE boosts DROP CONSTRAINT IF EXISTS boosts_tier_range;
ALTER TABLE boosts ADD CONSTRAINT boosts_tier_range CHECK (tier BETWEEN 1 AND 3);

-- From prisma/sql/credit-grants.sql
-- Credit grants (lib/domains/billing/credits/grant-credits.ts). Idempotent.

-- The latest grants, newest first: the ledger rows booked with a grant reference. A LIKE prefix
-- cannot use the unique index on reference under the database's collation, so without this
-- the list would read the whole ledger backwards until it found enough grants.
CREATE INDEX IF NOT EXISTS credit_transactions_grants_idx ON credit_transactions (id DESC) WHERE reference LIKE 'grant:%';

-- From prisma/sql/indexnow.sql
-- IndexNow pings (lib/adapters/public/seo/indexnow). Idempotent.

-- Plain column in Prisma (no back-relation on the release model); the pings go with their release.
ALTER TABLE indexnow_pings DROP CONSTRAINT IF EXISTS indexnow_pings_press_release_id_fkey;
ALTER TABLE indexnow_pings ADD CONSTRAINT indexnow_pings_press_release_id_fkey
  FOREIGN KEY (press_release_id) REFERENCES press_releases (id) ON DELETE CASCADE;

-- The sender job reads only what waits, oldest first.
CREATE INDEX IF NOT EXISTS indexnow_pings_pending_idx ON indexnow_pings (id) WHERE status = 'pending';

-- From prisma/sql/insert-only.sql
-- Insert-only tables (spec 2.4, 2.5, 2.3): rows are evidence, so the database itself refuses to
-- change or remove them, whatever code runs. Idempotent.
CREATE OR REPLACE FUNCTION reject_mutation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is insert-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;

-- Rights confirmations may be deleted only for never-published uploads (spec 2.4); the purge
-- code opens that door for its own transaction with SET LOCAL app.allow_confirmation_purge = 'on'.
CREATE OR REPLACE FUNCTION reject_confirmation_mutation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('app.allow_confirmation_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is insert-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['legal_texts', 'image_declaration_corrections', 'legal_document_acceptances',
                           'login_history', 'legal_request_events',
                           'press_release_corrections']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_insert_only', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION reject_mutation()', t || '_insert_only', t);
  END LOOP;
  -- TRUNCATE fires no row trigger; without these it would empty an evidence table in one go.
  FOREACH t IN ARRAY ARRAY['legal_texts', 'image_declaration_corrections', 'legal_document_acceptances',
                           'press_release_ai_declarations', 'activity_log', 'login_history', 'legal_request_events',
                           'press_release_corrections', 'image_rights_confirmations']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_no_truncate', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation()', t || '_no_truncate', t);
  END LOOP;
END;
$$;

-- The activity log loses rows only to its archive (fulltext:archive, lib/core/db/fulltext-maintenance):
-- the move deletes and inserts them in one statement under SET LOCAL app.allow_activity_archive =
-- '<cutoff, ISO 8601 UTC>'. The door is bound to that cutoff: only rows older than it may go, so
-- other code sharing the transaction cannot delete fresh rows through it.
CREATE OR REPLACE FUNCTION reject_activity_mutation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cutoff text := current_setting('app.allow_activity_archive', true);
BEGIN
  -- Only the exact form toISOString() writes is read as a cutoff; anything else ('on', '') stays shut.
  -- (Nested so the cast runs only on a value that passed the pattern.)
  IF TG_OP = 'DELETE' AND cutoff ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$' THEN
    IF OLD.created_at < cutoff::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is insert-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;

DROP TRIGGER IF EXISTS activity_log_insert_only ON activity_log;
CREATE TRIGGER activity_log_insert_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION reject_activity_mutation();

DROP TRIGGER IF EXISTS image_rights_confirmations_insert_only ON image_rights_confirmations;
CREATE TRIGGER image_rights_confirmations_insert_only BEFORE UPDATE OR DELETE ON image_rights_confirmations
  FOR EACH ROW EXECUTE FUNCTION reject_confirmation_mutation();

-- Events are append-only but leave with their release and with the retention purge.
DROP TRIGGER IF EXISTS press_release_events_append_only ON press_release_events;
CREATE TRIGGER press_release_events_append_only BEFORE UPDATE ON press_release_events
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();

-- AI declarations of a release that never reached the public leave with it when
-- press-releases:purge-drafts deletes the draft (the release row cascades); the purge opens this
-- door for its own transaction with SET LOCAL app.allow_draft_purge = '<release id>', and only the
-- declarations of that one release may go. Updates stay refused.
CREATE OR REPLACE FUNCTION reject_declaration_mutation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('app.allow_draft_purge', true) = OLD.press_release_id::text THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is insert-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;

DROP TRIGGER IF EXISTS press_release_ai_declarations_insert_only ON press_release_ai_declarations;
CREATE TRIGGER press_release_ai_declarations_insert_only BEFORE UPDATE OR DELETE ON press_release_ai_declarations
  FOR EACH ROW EXECUTE FUNCTION reject_declaration_mutation();

-- From prisma/sql/lifecycle-events.sql
-- Release lifecycle events (lib/domains/releases/lifecycle). Idempotent.

-- The sweep reads only events whose reactions are not all done.
CREATE INDEX IF NOT EXISTS release_lifecycle_events_unsettled_idx ON release_lifecycle_events (next_attempt_at) WHERE settled_at IS NULL;

-- From prisma/sql/review-fingerprint.sql
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

-- From prisma/sql/search.sql
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
