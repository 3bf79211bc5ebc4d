-- AlterTable
ALTER TABLE "image_rights_confirmations" ADD COLUMN     "precheck_snapshot" JSONB;

-- From prisma/sql/image-confirmations.sql
-- Spec 2.4: the image precheck's snapshot is part of the confirmation record. Whatever writes a
-- rights confirmation (the upload, the owner's confirmation, the backfill), the row carries the
-- snapshot of the image it confirms as it stood at that moment, taken from the image row by the
-- database itself, never from the writer; the row is insert-only, so it keeps it. A snapshot of
-- other bytes than the confirmed ones is not copied. Idempotent.
CREATE OR REPLACE FUNCTION confirmation_precheck_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.precheck_snapshot := (
    SELECT i.precheck_snapshot FROM press_release_images i
    WHERE i.id = NEW.image_id
      AND (i.precheck_snapshot->>'contentHash' IS NULL OR i.precheck_snapshot->>'contentHash' = NEW.image_sha256));
  RETURN NEW;
END;
$$;

DROP TRIGGER IF EXISTS image_rights_confirmations_precheck_snapshot ON image_rights_confirmations;
CREATE TRIGGER image_rights_confirmations_precheck_snapshot BEFORE INSERT ON image_rights_confirmations
  FOR EACH ROW EXECUTE FUNCTION confirmation_precheck_snapshot();
