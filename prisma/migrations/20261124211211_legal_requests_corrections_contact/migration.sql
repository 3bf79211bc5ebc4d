-- CreateEnum
CREATE TYPE "LegalRequestSource" AS ENUM ('form', 'customer', 'admin');

-- CreateEnum
CREATE TYPE "PressReleaseCorrectionKind" AS ENUM ('correction', 'change', 'redaction', 'withdrawal');

-- CreateEnum
CREATE TYPE "ContactMessageStatus" AS ENUM ('open', 'answered', 'closed');

-- AlterEnum
BEGIN;
CREATE TYPE "LegalRequestTrack_new" AS ENUM ('correction', 'change', 'redaction', 'depublication', 'report', 'dsgvo', 'personal_rights');
ALTER TABLE "legal_requests" ALTER COLUMN "track" TYPE "LegalRequestTrack_new" USING ("track"::text::"LegalRequestTrack_new");
ALTER TYPE "LegalRequestTrack" RENAME TO "LegalRequestTrack_old";
ALTER TYPE "LegalRequestTrack_new" RENAME TO "LegalRequestTrack";
DROP TYPE "LegalRequestTrack_old";
COMMIT;

-- AlterTable
ALTER TABLE "legal_requests" ADD COLUMN     "company_id" INTEGER,
ADD COLUMN     "language" "Language" NOT NULL DEFAULT 'de',
ADD COLUMN     "proposed_text" TEXT,
ADD COLUMN     "public_note" TEXT,
ADD COLUMN     "redacted_passages" JSONB,
ADD COLUMN     "requester_ip_hmac" TEXT,
ADD COLUMN     "requester_ip_hmac_key_version" INTEGER,
ADD COLUMN     "source" "LegalRequestSource" NOT NULL DEFAULT 'customer',
ADD COLUMN     "subject_url" TEXT;

-- CreateTable
CREATE TABLE "press_release_corrections" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "legal_request_id" INTEGER,
    "kind" "PressReleaseCorrectionKind" NOT NULL,
    "portal" "Portal" NOT NULL,
    "language" "Language" NOT NULL,
    "release_title" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_corrections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "language" "Language" NOT NULL DEFAULT 'de',
    "status" "ContactMessageStatus" NOT NULL DEFAULT 'open',
    "ip_hmac" TEXT,
    "ip_hmac_key_version" INTEGER,
    "answer" TEXT,
    "answered_by_user_id" INTEGER,
    "answered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "press_release_corrections_portal_created_at_idx" ON "press_release_corrections"("portal", "created_at" DESC);

-- CreateIndex
CREATE INDEX "press_release_corrections_press_release_id_created_at_idx" ON "press_release_corrections"("press_release_id", "created_at");

-- CreateIndex
CREATE INDEX "contact_messages_status_created_at_idx" ON "contact_messages"("status", "created_at");

-- CreateIndex
CREATE INDEX "activity_log_actor_user_id_created_at_idx" ON "activity_log"("actor_user_id", "created_at");

-- CreateIndex
CREATE INDEX "legal_requests_press_release_id_idx" ON "legal_requests"("press_release_id");

-- CreateIndex
CREATE INDEX "legal_requests_company_id_idx" ON "legal_requests"("company_id");

-- AddForeignKey
ALTER TABLE "legal_requests" ADD CONSTRAINT "legal_requests_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_corrections" ADD CONSTRAINT "press_release_corrections_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_corrections" ADD CONSTRAINT "press_release_corrections_legal_request_id_fkey" FOREIGN KEY ("legal_request_id") REFERENCES "legal_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_answered_by_user_id_fkey" FOREIGN KEY ("answered_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

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
                           'press_release_ai_declarations', 'activity_log', 'login_history', 'legal_request_events',
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

DROP TRIGGER IF EXISTS image_rights_confirmations_insert_only ON image_rights_confirmations;
CREATE TRIGGER image_rights_confirmations_insert_only BEFORE UPDATE OR DELETE ON image_rights_confirmations
  FOR EACH ROW EXECUTE FUNCTION reject_confirmation_mutation();

-- Events are append-only but leave with their release and with the retention purge.
DROP TRIGGER IF EXISTS press_release_events_append_only ON press_release_events;
CREATE TRIGGER press_release_events_append_only BEFORE UPDATE ON press_release_events
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
