-- CreateTable
CREATE TABLE "release_daily_counts" (
    "press_release_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "release_daily_counts_pkey" PRIMARY KEY ("press_release_id","day","metric")
);

-- CreateTable
CREATE TABLE "release_monthly_counts" (
    "press_release_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "release_monthly_counts_pkey" PRIMARY KEY ("press_release_id","month","metric")
);

-- CreateTable
CREATE TABLE "receipt_signing_keys" (
    "kid" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key_sealed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retired_at" TIMESTAMPTZ(3),

    CONSTRAINT "receipt_signing_keys_pkey" PRIMARY KEY ("kid")
);

-- CreateTable
CREATE TABLE "publication_receipts" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "kid" TEXT NOT NULL,
    "jws" TEXT NOT NULL,
    "content_hash" CHAR(64) NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "publication_receipts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "preview_links" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "recipient_name" TEXT NOT NULL,
    "recipient_email" TEXT NOT NULL,
    "outlet" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "mailed_at" TIMESTAMPTZ(3),
    "created_by_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "opens" INTEGER NOT NULL DEFAULT 0,
    "first_opened_at" TIMESTAMPTZ(3),
    "last_opened_at" TIMESTAMPTZ(3),

    CONSTRAINT "preview_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "preview_link_opens" (
    "id" BIGSERIAL NOT NULL,
    "preview_link_id" INTEGER NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "preview_link_opens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "publication_receipts_press_release_id_sequence_key" ON "publication_receipts"("press_release_id", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "preview_links_token_hash_key" ON "preview_links"("token_hash");

-- CreateIndex
CREATE INDEX "preview_links_press_release_id_created_at_idx" ON "preview_links"("press_release_id", "created_at");

-- CreateIndex
CREATE INDEX "preview_link_opens_preview_link_id_opened_at_idx" ON "preview_link_opens"("preview_link_id", "opened_at");

-- AddForeignKey
ALTER TABLE "release_daily_counts" ADD CONSTRAINT "release_daily_counts_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_monthly_counts" ADD CONSTRAINT "release_monthly_counts_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "publication_receipts" ADD CONSTRAINT "publication_receipts_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "preview_links" ADD CONSTRAINT "preview_links_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "preview_link_opens" ADD CONSTRAINT "preview_link_opens_preview_link_id_fkey" FOREIGN KEY ("preview_link_id") REFERENCES "preview_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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
                           'press_release_corrections', 'publication_receipts']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_insert_only', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION reject_mutation()', t || '_insert_only', t);
  END LOOP;
  -- TRUNCATE fires no row trigger; without these it would empty an evidence table in one go.
  FOREACH t IN ARRAY ARRAY['legal_texts', 'image_declaration_corrections', 'legal_document_acceptances',
                           'press_release_ai_declarations', 'activity_log', 'login_history', 'legal_request_events',
                           'press_release_corrections', 'image_rights_confirmations', 'publication_receipts']
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

-- The reach report's daily and monthly counts for the events the view aggregation has already
-- booked (id at or below its watermark); later events are booked into them by the aggregation.
INSERT INTO release_daily_counts (press_release_id, day, metric, count)
SELECT e.press_release_id, (e.created_at AT TIME ZONE 'Europe/Berlin')::date,
       CASE WHEN e.type = 'share' THEN 'share:' || coalesce(e.channel, 'unknown') ELSE e.type::text END, count(*)
FROM press_release_events e
WHERE e.id <= coalesce((SELECT (value)::text::bigint FROM app_state WHERE key = 'views_watermark'), 0)
GROUP BY 1, 2, 3;

INSERT INTO release_monthly_counts (press_release_id, month, metric, count)
SELECT press_release_id, date_trunc('month', day)::date, metric, sum(count)
FROM release_daily_counts
GROUP BY 1, 2, 3;
