-- CreateTable
CREATE TABLE "company_auto_grant_blocks" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_by_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_auto_grant_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "company_auto_grant_blocks_company_id_email_key" ON "company_auto_grant_blocks"("company_id", "email");

-- AddForeignKey
ALTER TABLE "company_auto_grant_blocks" ADD CONSTRAINT "company_auto_grant_blocks_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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
-- every login (lib/companies/email-rights-sync.ts compares lower() on both sides).
CREATE INDEX IF NOT EXISTS companies_lower_email_idx ON companies (lower(email));
CREATE INDEX IF NOT EXISTS contacts_lower_email_idx ON contacts (lower(email));
