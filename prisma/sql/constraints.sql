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
