-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Portal" AS ENUM ('business', 'tech');

-- CreateEnum
CREATE TYPE "CompanyPortal" AS ENUM ('business', 'tech', 'both');

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('de', 'en');

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('user', 'admin', 'super_admin');

-- CreateEnum
CREATE TYPE "LoginEvent" AS ENUM ('login_succeeded', 'login_failed', 'login_lockout', 'two_factor_failed');

-- CreateEnum
CREATE TYPE "LoginFailureReason" AS ENUM ('unknown', 'no_password', 'wrong');

-- CreateEnum
CREATE TYPE "MagicLinkPurpose" AS ENUM ('login', 'email_change', 'image_confirmation', 'account_link', 'password_reset');

-- CreateEnum
CREATE TYPE "CompanyRole" AS ENUM ('owner', 'member', 'responsible');

-- CreateEnum
CREATE TYPE "GrantedVia" AS ENUM ('auto', 'manual', 'api', 'legacy_import');

-- CreateEnum
CREATE TYPE "EmailClassification" AS ENUM ('company', 'agency', 'consumer_mail', 'role_address', 'unknown');

-- CreateEnum
CREATE TYPE "DomainFinding" AS ENUM ('mx', 'implicit_mx', 'null_mx', 'no_mail_host');

-- CreateEnum
CREATE TYPE "ReleaseStatus" AS ENUM ('draft', 'in_review', 'rejected', 'scheduled', 'published', 'archived', 'depublished');

-- CreateEnum
CREATE TYPE "ReleaseSource" AS ENUM ('dashboard', 'api', 'legacy_api', 'admin');

-- CreateEnum
CREATE TYPE "ReviewResult" AS ENUM ('red', 'yellow', 'green');

-- CreateEnum
CREATE TYPE "ActorType" AS ENUM ('user', 'admin', 'ki', 'scheduler', 'system');

-- CreateEnum
CREATE TYPE "ReleaseEventType" AS ENUM ('view', 'share');

-- CreateEnum
CREATE TYPE "IndexState" AS ENUM ('not_crawled', 'crawled_not_indexed', 'indexed', 'excluded', 'error');

-- CreateEnum
CREATE TYPE "AiDeclarationScope" AS ENUM ('text', 'image');

-- CreateEnum
CREATE TYPE "AiDeclarationKind" AS ENUM ('without_ai', 'ai_assisted', 'ai_generated');

-- CreateEnum
CREATE TYPE "KiAuditType" AS ENUM ('text_check', 'image_precheck', 'image_precheck_review');

-- CreateEnum
CREATE TYPE "ChangeStatus" AS ENUM ('refused', 'pending_payment', 'applied', 'expired');

-- CreateEnum
CREATE TYPE "ProvenanceFinding" AS ENUM ('none', 'ai_generated', 'algorithmically_enhanced', 'edited', 'error');

-- CreateEnum
CREATE TYPE "ImageFormVersion" AS ENUM ('v1', 'v2');

-- CreateEnum
CREATE TYPE "PrecheckOutcome" AS ENUM ('pass', 'hint', 'queue', 'reject', 'error');

-- CreateEnum
CREATE TYPE "SnapshotVariant" AS ENUM ('cover', 'og');

-- CreateEnum
CREATE TYPE "ArchiveEntryKind" AS ENUM ('image_original', 'image_snapshot', 'rights_confirmation', 'release_snapshot', 'image_removed', 'legal_request');

-- CreateEnum
CREATE TYPE "LegalRequestTrack" AS ENUM ('correction', 'change', 'redaction', 'depublication', 'data_protection');

-- CreateEnum
CREATE TYPE "LegalRequestStatus" AS ENUM ('received', 'in_review', 'approved', 'rejected', 'executed', 'withdrawn');

-- CreateEnum
CREATE TYPE "FeedKind" AS ENUM ('main', 'category', 'newsroom');

-- CreateEnum
CREATE TYPE "SuppressionState" AS ENUM ('hard_bounce', 'complaint', 'unsubscribed', 'manual', 'policy_review');

-- CreateEnum
CREATE TYPE "BounceKind" AS ENUM ('hard', 'soft', 'policy');

-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('queued', 'sending', 'sent', 'failed', 'suppressed');

-- CreateEnum
CREATE TYPE "PaymentProvider" AS ENUM ('stripe', 'manual');

-- CreateEnum
CREATE TYPE "AgreementStatus" AS ENUM ('active', 'past_due', 'cancelled', 'on_hold');

-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('stripe', 'manual');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('draft', 'open', 'paid', 'void', 'uncollectible');

-- CreateEnum
CREATE TYPE "BoostPlacement" AS ENUM ('home', 'category');

-- CreateEnum
CREATE TYPE "LegacyInvoiceStatus" AS ENUM ('pending', 'reminder', 'hold', 'paid', 'superseded', 'uncollectible', 'dropped');

-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('draft', 'sending', 'sent', 'aborted');

-- CreateEnum
CREATE TYPE "RecipientStatus" AS ENUM ('pending', 'sending', 'sent', 'failed', 'suppressed');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('pending', 'running', 'done', 'failed');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT,
    "pending_email" TEXT,
    "pending_email_token_hash" TEXT,
    "pending_email_expires_at" TIMESTAMPTZ(3),
    "email_verified_at" TIMESTAMPTZ(3),
    "remember_token" TEXT,
    "sessions_revoked_at_ms" BIGINT,
    "press_release_quota_period" VARCHAR(7),
    "press_release_quota_used" INTEGER NOT NULL DEFAULT 0,
    "last_login_at" TIMESTAMPTZ(3),
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "staff_role" "StaffRole" NOT NULL DEFAULT 'user',
    "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "totp_secret_encrypted" TEXT,
    "totp_confirmed_at" TIMESTAMPTZ(3),
    "locale" "Language" NOT NULL DEFAULT 'de',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "passkeys" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "name" TEXT NOT NULL,
    "backed_up" BOOLEAN NOT NULL DEFAULT false,
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "two_factor_recovery_codes" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "two_factor_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "failed_login_tallies" (
    "id" SERIAL NOT NULL,
    "day" DATE NOT NULL,
    "entry_point" TEXT NOT NULL,
    "ip_hmac" TEXT NOT NULL,
    "ip_hmac_key_version" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "failed_login_tallies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_accounts" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" SERIAL NOT NULL,
    "session_token_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "strong_auth_at" TIMESTAMPTZ(3),
    "impersonator_user_id" INTEGER,
    "user_agent_short" TEXT,
    "ip_hmac" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_history" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER,
    "event" "LoginEvent" NOT NULL,
    "reason" "LoginFailureReason",
    "method" TEXT,
    "entry_point" TEXT,
    "ip_hmac" TEXT NOT NULL,
    "ip_hmac_key_version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "magic_links" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" INTEGER,
    "email" TEXT NOT NULL,
    "purpose" "MagicLinkPurpose" NOT NULL,
    "source" TEXT,
    "browser_session_binding" TEXT,
    "payload" JSONB,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "magic_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legal_document_acceptances" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "document" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "ip_hmac" TEXT,
    "ip_hmac_key_version" INTEGER,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legal_document_acceptances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_log" (
    "id" BIGSERIAL NOT NULL,
    "actor_user_id" INTEGER,
    "type" TEXT NOT NULL,
    "subject_type" TEXT,
    "subject_id" TEXT,
    "result" TEXT,
    "reason" TEXT,
    "path" TEXT,
    "metadata" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activity_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "companies" (
    "id" SERIAL NOT NULL,
    "portal" "CompanyPortal" NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "description" TEXT,
    "website" TEXT,
    "logo_path" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "saved_is_active" BOOLEAN,
    "gone_at" TIMESTAMPTZ(3),
    "merged_into_company_id" INTEGER,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_slug_redirects" (
    "id" SERIAL NOT NULL,
    "portal" "CompanyPortal" NOT NULL,
    "slug" TEXT NOT NULL,
    "company_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_slug_redirects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_user" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "role" "CompanyRole" NOT NULL,
    "granted_via" "GrantedVia" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contacts" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "role" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_email_groups" (
    "id" SERIAL NOT NULL,
    "normalized_email" TEXT NOT NULL,
    "classification" "EmailClassification" NOT NULL,
    "manual_classification" "EmailClassification",
    "effective_classification" "EmailClassification" NOT NULL,
    "company_count" INTEGER NOT NULL DEFAULT 0,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_email_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_merge_moves" (
    "id" SERIAL NOT NULL,
    "merge_id" TEXT NOT NULL,
    "table_name" TEXT NOT NULL,
    "column_name" TEXT NOT NULL,
    "row_id" TEXT NOT NULL,
    "old_value" TEXT,
    "new_value" TEXT,
    "merged_value" TEXT,
    "undone_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_merge_moves_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_domain_checks" (
    "id" SERIAL NOT NULL,
    "domain" TEXT NOT NULL,
    "finding" "DomainFinding",
    "resolved" BOOLEAN NOT NULL,
    "detail" TEXT,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_domain_checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "categories" (
    "id" SERIAL NOT NULL,
    "portal" "Portal" NOT NULL,
    "slug" TEXT NOT NULL,
    "parent_id" INTEGER,
    "name_de" TEXT NOT NULL,
    "name_en" TEXT NOT NULL,
    "description_de" TEXT,
    "description_en" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_releases" (
    "id" SERIAL NOT NULL,
    "status" "ReleaseStatus" NOT NULL DEFAULT 'draft',
    "portal" "Portal" NOT NULL,
    "language" "Language" NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "lead" TEXT,
    "body" TEXT NOT NULL,
    "location" TEXT,
    "keywords" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "boilerplate" TEXT,
    "contact_name" TEXT,
    "contact_email" TEXT,
    "contact_phone" TEXT,
    "company_id" INTEGER NOT NULL,
    "category_id" INTEGER,
    "author_user_id" INTEGER,
    "source" "ReleaseSource" NOT NULL DEFAULT 'dashboard',
    "content_hash" CHAR(64) NOT NULL,
    "canonical_press_release_id" INTEGER,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "content_changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "published_ever_at" TIMESTAMPTZ(3),
    "scheduled_at" TIMESTAMPTZ(3),
    "gone_at" TIMESTAMPTZ(3),
    "no_export" BOOLEAN NOT NULL DEFAULT false,
    "saved_no_export" BOOLEAN,
    "manual_review_required_at" TIMESTAMPTZ(3),
    "review_flagged_at" TIMESTAMPTZ(3),
    "manual_queue_at" TIMESTAMPTZ(3),
    "automatic_attempts" INTEGER NOT NULL DEFAULT 0,
    "archive_pending_at" TIMESTAMPTZ(3),
    "paid_change_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "press_releases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_attachments" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_classifications" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "result" "ReviewResult" NOT NULL,
    "reasons" JSONB NOT NULL,
    "content_hash" CHAR(64) NOT NULL,
    "classifier" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "discarded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_classifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_history" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "from_status" "ReleaseStatus",
    "to_status" "ReleaseStatus" NOT NULL,
    "actor_type" "ActorType" NOT NULL,
    "actor_user_id" INTEGER,
    "outcome" TEXT,
    "reason" TEXT,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_search" (
    "press_release_id" INTEGER NOT NULL,
    "portal" "Portal" NOT NULL,
    "language" "Language" NOT NULL,
    "status" "ReleaseStatus" NOT NULL,
    "company_id" INTEGER NOT NULL,
    "category_id" INTEGER,
    "title" TEXT NOT NULL,
    "lead" TEXT,
    "body_text" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3),
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "search_de" tsvector,
    "search_en" tsvector,
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_search_pkey" PRIMARY KEY ("press_release_id")
);

-- CreateTable
CREATE TABLE "press_release_events" (
    "id" BIGSERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "type" "ReleaseEventType" NOT NULL,
    "channel" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_index_checks" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "state" "IndexState" NOT NULL,
    "answer" JSONB NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_index_checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_ai_declarations" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "image_id" INTEGER,
    "scope" "AiDeclarationScope" NOT NULL,
    "declaration" "AiDeclarationKind" NOT NULL,
    "version" INTEGER NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_ai_declarations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ki_audits" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "image_id" INTEGER,
    "type" "KiAuditType" NOT NULL,
    "content_hash" TEXT,
    "result" JSONB NOT NULL,
    "note" TEXT,
    "reviewer_user_id" INTEGER,
    "discarded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ki_audits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crawler_fetches" (
    "id" BIGSERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "service" TEXT NOT NULL,
    "user_agent_short" TEXT NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crawler_fetches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_changes" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "requested_by_user_id" INTEGER,
    "proposed_title" TEXT NOT NULL,
    "proposed_lead" TEXT,
    "proposed_body" TEXT NOT NULL,
    "precheck_result" "ReviewResult" NOT NULL,
    "precheck_reasons" JSONB NOT NULL,
    "edit_distance_percent" INTEGER NOT NULL,
    "status" "ChangeStatus" NOT NULL,
    "stripe_checkout_session_id" TEXT,
    "amount_cents" INTEGER NOT NULL,
    "snapshot" JSONB,
    "applied_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_images" (
    "id" SERIAL NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "alt" TEXT,
    "customer_statement" TEXT,
    "portal_label" TEXT,
    "provenance_finding" "ProvenanceFinding",
    "provenance_details" JSONB,
    "original_path" TEXT,
    "bytes_sha256" CHAR(64) NOT NULL,
    "metadata_hash" CHAR(64) NOT NULL,
    "mime_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "display_path" TEXT NOT NULL,
    "og_variant_path" TEXT,
    "published_ever_at" TIMESTAMPTZ(3),
    "rules_version" TEXT NOT NULL,
    "form_version" "ImageFormVersion" NOT NULL DEFAULT 'v1',
    "focus_x" DOUBLE PRECISION NOT NULL DEFAULT 0.5,
    "focus_y" DOUBLE PRECISION NOT NULL DEFAULT 0.5,
    "no_crop" BOOLEAN NOT NULL DEFAULT false,
    "withheld_at" TIMESTAMPTZ(3),
    "precheck_withheld_at" TIMESTAMPTZ(3),
    "precheck_outcome" "PrecheckOutcome",
    "precheck_reasons" JSONB,
    "precheck_scores" JSONB,
    "precheck_at" TIMESTAMPTZ(3),
    "precheck_snapshot" JSONB,
    "uploaded_by_user_id" INTEGER,
    "uploaded_by_admin" BOOLEAN NOT NULL DEFAULT false,
    "owner_confirmed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "press_release_images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "press_release_image_snapshots" (
    "id" SERIAL NOT NULL,
    "image_id" INTEGER NOT NULL,
    "variant" "SnapshotVariant" NOT NULL,
    "bytes_hash" CHAR(64) NOT NULL,
    "metadata_hash" CHAR(64) NOT NULL,
    "cover_path" TEXT NOT NULL,
    "json_path" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "press_release_image_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "image_rights_confirmations" (
    "id" SERIAL NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" INTEGER NOT NULL,
    "image_id" INTEGER NOT NULL,
    "image_sha256" CHAR(64) NOT NULL,
    "legal_text_key" TEXT NOT NULL,
    "user_id" INTEGER,
    "ip_hmac" TEXT NOT NULL,
    "ip_hmac_key_version" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "confirmed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "image_rights_confirmations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legal_texts" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "body" TEXT NOT NULL,
    "effective_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legal_texts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "image_declaration_corrections" (
    "id" SERIAL NOT NULL,
    "image_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "field" TEXT NOT NULL,
    "old_value" TEXT,
    "new_value" TEXT,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "image_declaration_corrections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_entries" (
    "id" SERIAL NOT NULL,
    "kind" "ArchiveEntryKind" NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" INTEGER NOT NULL,
    "legal_request_id" INTEGER,
    "payload" JSONB NOT NULL,
    "storage_path" TEXT,
    "signature" TEXT NOT NULL,
    "signing_key_id" TEXT NOT NULL,
    "hold_until" TIMESTAMPTZ(3),
    "delete_after" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_pending_jobs" (
    "id" SERIAL NOT NULL,
    "operation" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "archive_pending_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legal_requests" (
    "id" SERIAL NOT NULL,
    "track" "LegalRequestTrack" NOT NULL,
    "status" "LegalRequestStatus" NOT NULL DEFAULT 'received',
    "press_release_id" INTEGER,
    "requester_user_id" INTEGER,
    "requester_name" TEXT NOT NULL,
    "requester_email" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "redaction_preview" TEXT,
    "decision_note" TEXT,
    "decided_by_user_id" INTEGER,
    "decided_at" TIMESTAMPTZ(3),
    "executed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "legal_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legal_request_events" (
    "id" SERIAL NOT NULL,
    "legal_request_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "actor_user_id" INTEGER,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legal_request_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "feed_fetches" (
    "id" BIGSERIAL NOT NULL,
    "feed_kind" "FeedKind" NOT NULL,
    "feed_key" TEXT NOT NULL,
    "portal" "Portal" NOT NULL,
    "language" "Language" NOT NULL,
    "reader" TEXT,
    "subscriber_count" INTEGER,
    "user_agent_short" TEXT NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "feed_fetches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversion_events" (
    "id" BIGSERIAL NOT NULL,
    "stage" SMALLINT NOT NULL,
    "source" TEXT,
    "company_id" INTEGER,
    "press_release_id" INTEGER,
    "dedupe_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversion_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_suppressions" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "state" "SuppressionState" NOT NULL,
    "mail_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_suppressions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_bounces" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "kind" "BounceKind" NOT NULL,
    "status_code" TEXT,
    "diagnostic" TEXT,
    "signed" BOOLEAN NOT NULL,
    "is_relay" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_bounces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" SERIAL NOT NULL,
    "to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "mail_type" TEXT NOT NULL,
    "status" "OutboxStatus" NOT NULL DEFAULT 'queued',
    "provider_message_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_payment_options" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "company_id" INTEGER,
    "provider" "PaymentProvider" NOT NULL,
    "plan" TEXT NOT NULL,
    "status" "AgreementStatus" NOT NULL DEFAULT 'active',
    "stripe_customer_id" TEXT,
    "stripe_subscription_id" TEXT,
    "monthly_release_quota" INTEGER NOT NULL DEFAULT 0,
    "api_access" BOOLEAN NOT NULL DEFAULT false,
    "price_cents" INTEGER NOT NULL DEFAULT 0,
    "period_start" TIMESTAMPTZ(3),
    "period_end" TIMESTAMPTZ(3),
    "grandfathered_until" TIMESTAMPTZ(3),
    "billing_hold_reason" TEXT,
    "billing_hold_at" TIMESTAMPTZ(3),
    "grandfathering_expired_at" TIMESTAMPTZ(3),
    "grandfathering_notified_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_payment_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "kind" "InvoiceKind" NOT NULL,
    "stripe_invoice_id" TEXT,
    "user_payment_option_id" INTEGER,
    "user_id" INTEGER NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'open',
    "amount_cents" INTEGER NOT NULL,
    "tax_cents" INTEGER NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL DEFAULT 'EUR',
    "pdf_path" TEXT,
    "period_start" TIMESTAMPTZ(3),
    "period_end" TIMESTAMPTZ(3),
    "due_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "reminded_at" TIMESTAMPTZ(3),
    "reminder_count" INTEGER NOT NULL DEFAULT 0,
    "voided_at" TIMESTAMPTZ(3),
    "void_reason" TEXT,
    "replaces_legacy_invoice_number" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_addresses" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "company" TEXT,
    "street" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" CHAR(2) NOT NULL,
    "vat_id" TEXT,
    "send_pdf_to_account_email" BOOLEAN NOT NULL DEFAULT true,
    "invoice_email" TEXT,
    "send_pdf_to_invoice_email" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_transactions" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "delta" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "reference" TEXT,
    "actor_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boosts" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "press_release_id" INTEGER NOT NULL,
    "placement" "BoostPlacement" NOT NULL DEFAULT 'home',
    "category_id" INTEGER,
    "portal" "Portal" NOT NULL,
    "tier" SMALLINT NOT NULL,
    "price_credits" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "boosts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boost_slot_locks" (
    "id" SERIAL NOT NULL,
    "portal" "Portal" NOT NULL,
    "placement" "BoostPlacement" NOT NULL,
    "category_id" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "boost_slot_locks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_archive_invoices" (
    "id" SERIAL NOT NULL,
    "legacy_number" TEXT NOT NULL,
    "user_id" INTEGER,
    "status" "LegacyInvoiceStatus" NOT NULL,
    "recurring" BOOLEAN NOT NULL DEFAULT false,
    "amount_cents" INTEGER NOT NULL,
    "service_start" TIMESTAMPTZ(3),
    "service_end" TIMESTAMPTZ(3),
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "legacy_archive_invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "id" SERIAL NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_campaigns" (
    "id" SERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "recipient_filter" JSONB NOT NULL,
    "status" "CampaignStatus" NOT NULL DEFAULT 'draft',
    "created_by_user_id" INTEGER,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "recipient_count" INTEGER NOT NULL DEFAULT 0,
    "sent_count" INTEGER NOT NULL DEFAULT 0,
    "failed_count" INTEGER NOT NULL DEFAULT 0,
    "suppressed_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "newsletter_campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_campaign_recipients" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "status" "RecipientStatus" NOT NULL DEFAULT 'pending',
    "claimed_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "newsletter_campaign_recipients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_heartbeats" (
    "name" TEXT NOT NULL,
    "last_run_at" TIMESTAMPTZ(3) NOT NULL,
    "last_ok_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_heartbeats_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "app_state" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "app_state_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "job_queue" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'pending',
    "run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "dedupe_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_queue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "failed_jobs" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "error" TEXT NOT NULL,
    "failed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "failed_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_pending_email_token_hash_key" ON "users"("pending_email_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "passkeys_credential_id_key" ON "passkeys"("credential_id");

-- CreateIndex
CREATE INDEX "passkeys_user_id_idx" ON "passkeys"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_id_code_hash_key" ON "two_factor_recovery_codes"("user_id", "code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "failed_login_tallies_day_entry_point_ip_hmac_key" ON "failed_login_tallies"("day", "entry_point", "ip_hmac");

-- CreateIndex
CREATE INDEX "oauth_accounts_user_id_idx" ON "oauth_accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_accounts_provider_provider_account_id_key" ON "oauth_accounts"("provider", "provider_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_session_token_hash_key" ON "sessions"("session_token_hash");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "login_history_user_id_created_at_idx" ON "login_history"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

-- CreateIndex
CREATE INDEX "api_tokens_expires_at_idx" ON "api_tokens"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "magic_links_token_hash_key" ON "magic_links"("token_hash");

-- CreateIndex
CREATE INDEX "magic_links_user_id_idx" ON "magic_links"("user_id");

-- CreateIndex
CREATE INDEX "magic_links_expires_at_idx" ON "magic_links"("expires_at");

-- CreateIndex
CREATE INDEX "legal_document_acceptances_user_id_document_idx" ON "legal_document_acceptances"("user_id", "document");

-- CreateIndex
CREATE INDEX "activity_log_created_at_idx" ON "activity_log"("created_at");

-- CreateIndex
CREATE INDEX "activity_log_type_created_at_idx" ON "activity_log"("type", "created_at");

-- CreateIndex
CREATE INDEX "activity_log_subject_type_subject_id_idx" ON "activity_log"("subject_type", "subject_id");

-- CreateIndex
CREATE INDEX "companies_email_idx" ON "companies"("email");

-- CreateIndex
CREATE UNIQUE INDEX "companies_portal_slug_key" ON "companies"("portal", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "company_slug_redirects_portal_slug_key" ON "company_slug_redirects"("portal", "slug");

-- CreateIndex
CREATE INDEX "company_user_user_id_idx" ON "company_user"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "company_user_company_id_user_id_key" ON "company_user"("company_id", "user_id");

-- CreateIndex
CREATE INDEX "contacts_email_idx" ON "contacts"("email");

-- CreateIndex
CREATE INDEX "contacts_company_id_idx" ON "contacts"("company_id");

-- CreateIndex
CREATE UNIQUE INDEX "company_email_groups_normalized_email_key" ON "company_email_groups"("normalized_email");

-- CreateIndex
CREATE INDEX "company_merge_moves_merge_id_idx" ON "company_merge_moves"("merge_id");

-- CreateIndex
CREATE UNIQUE INDEX "email_domain_checks_domain_key" ON "email_domain_checks"("domain");

-- CreateIndex
CREATE INDEX "categories_parent_id_idx" ON "categories"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "categories_portal_slug_key" ON "categories"("portal", "slug");

-- CreateIndex
CREATE INDEX "press_releases_portal_language_status_published_at_idx" ON "press_releases"("portal", "language", "status", "published_at" DESC);

-- CreateIndex
CREATE INDEX "press_releases_company_id_status_idx" ON "press_releases"("company_id", "status");

-- CreateIndex
CREATE INDEX "press_releases_category_id_published_at_idx" ON "press_releases"("category_id", "published_at" DESC);

-- CreateIndex
CREATE INDEX "press_releases_status_scheduled_at_idx" ON "press_releases"("status", "scheduled_at");

-- CreateIndex
CREATE INDEX "press_releases_content_hash_idx" ON "press_releases"("content_hash");

-- CreateIndex
CREATE INDEX "press_releases_canonical_press_release_id_idx" ON "press_releases"("canonical_press_release_id");

-- CreateIndex
CREATE UNIQUE INDEX "press_releases_portal_language_slug_key" ON "press_releases"("portal", "language", "slug");

-- CreateIndex
CREATE INDEX "press_release_attachments_press_release_id_idx" ON "press_release_attachments"("press_release_id");

-- CreateIndex
CREATE INDEX "press_release_classifications_press_release_id_created_at_idx" ON "press_release_classifications"("press_release_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "press_release_history_press_release_id_created_at_idx" ON "press_release_history"("press_release_id", "created_at");

-- CreateIndex
CREATE INDEX "press_release_search_portal_language_is_public_published_at_idx" ON "press_release_search"("portal", "language", "is_public", "published_at" DESC);

-- CreateIndex
CREATE INDEX "press_release_search_company_id_idx" ON "press_release_search"("company_id");

-- CreateIndex
CREATE INDEX "press_release_events_created_at_idx" ON "press_release_events"("created_at");

-- CreateIndex
CREATE INDEX "press_release_events_press_release_id_idx" ON "press_release_events"("press_release_id");

-- CreateIndex
CREATE INDEX "press_release_index_checks_press_release_id_checked_at_idx" ON "press_release_index_checks"("press_release_id", "checked_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "press_release_ai_declarations_press_release_id_scope_image__key" ON "press_release_ai_declarations"("press_release_id", "scope", "image_id", "version");

-- CreateIndex
CREATE INDEX "ki_audits_press_release_id_type_idx" ON "ki_audits"("press_release_id", "type");

-- CreateIndex
CREATE INDEX "crawler_fetches_fetched_at_idx" ON "crawler_fetches"("fetched_at");

-- CreateIndex
CREATE INDEX "crawler_fetches_press_release_id_idx" ON "crawler_fetches"("press_release_id");

-- CreateIndex
CREATE UNIQUE INDEX "press_release_changes_stripe_checkout_session_id_key" ON "press_release_changes"("stripe_checkout_session_id");

-- CreateIndex
CREATE INDEX "press_release_changes_press_release_id_idx" ON "press_release_changes"("press_release_id");

-- CreateIndex
CREATE INDEX "press_release_images_press_release_id_position_idx" ON "press_release_images"("press_release_id", "position");

-- CreateIndex
CREATE INDEX "press_release_images_bytes_sha256_idx" ON "press_release_images"("bytes_sha256");

-- CreateIndex
CREATE UNIQUE INDEX "press_release_image_snapshots_image_id_bytes_hash_metadata__key" ON "press_release_image_snapshots"("image_id", "bytes_hash", "metadata_hash", "variant");

-- CreateIndex
CREATE INDEX "image_rights_confirmations_image_id_image_sha256_idx" ON "image_rights_confirmations"("image_id", "image_sha256");

-- CreateIndex
CREATE INDEX "image_rights_confirmations_subject_type_subject_id_idx" ON "image_rights_confirmations"("subject_type", "subject_id");

-- CreateIndex
CREATE UNIQUE INDEX "legal_texts_key_key" ON "legal_texts"("key");

-- CreateIndex
CREATE INDEX "image_declaration_corrections_image_id_idx" ON "image_declaration_corrections"("image_id");

-- CreateIndex
CREATE INDEX "archive_entries_subject_type_subject_id_idx" ON "archive_entries"("subject_type", "subject_id");

-- CreateIndex
CREATE INDEX "archive_entries_legal_request_id_idx" ON "archive_entries"("legal_request_id");

-- CreateIndex
CREATE INDEX "archive_pending_jobs_completed_at_idx" ON "archive_pending_jobs"("completed_at");

-- CreateIndex
CREATE INDEX "legal_requests_status_created_at_idx" ON "legal_requests"("status", "created_at");

-- CreateIndex
CREATE INDEX "legal_request_events_legal_request_id_idx" ON "legal_request_events"("legal_request_id");

-- CreateIndex
CREATE INDEX "feed_fetches_fetched_at_idx" ON "feed_fetches"("fetched_at");

-- CreateIndex
CREATE INDEX "feed_fetches_feed_kind_feed_key_idx" ON "feed_fetches"("feed_kind", "feed_key");

-- CreateIndex
CREATE UNIQUE INDEX "conversion_events_dedupe_key_key" ON "conversion_events"("dedupe_key");

-- CreateIndex
CREATE INDEX "conversion_events_stage_created_at_idx" ON "conversion_events"("stage", "created_at");

-- CreateIndex
CREATE INDEX "conversion_events_created_at_idx" ON "conversion_events"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_suppressions_email_key" ON "email_suppressions"("email");

-- CreateIndex
CREATE INDEX "email_bounces_email_created_at_idx" ON "email_bounces"("email", "created_at");

-- CreateIndex
CREATE INDEX "email_bounces_created_at_idx" ON "email_bounces"("created_at");

-- CreateIndex
CREATE INDEX "mail_outbox_status_created_at_idx" ON "mail_outbox"("status", "created_at");

-- CreateIndex
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox"("to");

-- CreateIndex
CREATE UNIQUE INDEX "user_payment_options_stripe_subscription_id_key" ON "user_payment_options"("stripe_subscription_id");

-- CreateIndex
CREATE INDEX "user_payment_options_user_id_status_idx" ON "user_payment_options"("user_id", "status");

-- CreateIndex
CREATE INDEX "user_payment_options_grandfathered_until_idx" ON "user_payment_options"("grandfathered_until");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_stripe_invoice_id_key" ON "invoices"("stripe_invoice_id");

-- CreateIndex
CREATE INDEX "invoices_user_id_status_idx" ON "invoices"("user_id", "status");

-- CreateIndex
CREATE INDEX "invoices_status_due_at_idx" ON "invoices"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "billing_addresses_user_id_key" ON "billing_addresses"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_transactions_reference_key" ON "credit_transactions"("reference");

-- CreateIndex
CREATE INDEX "credit_transactions_company_id_created_at_idx" ON "credit_transactions"("company_id", "created_at");

-- CreateIndex
CREATE INDEX "boosts_portal_placement_category_id_starts_at_ends_at_idx" ON "boosts"("portal", "placement", "category_id", "starts_at", "ends_at");

-- CreateIndex
CREATE UNIQUE INDEX "boost_slot_locks_portal_placement_category_id_key" ON "boost_slot_locks"("portal", "placement", "category_id");

-- CreateIndex
CREATE UNIQUE INDEX "legacy_archive_invoices_legacy_number_key" ON "legacy_archive_invoices"("legacy_number");

-- CreateIndex
CREATE INDEX "legacy_archive_invoices_status_idx" ON "legacy_archive_invoices"("status");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_keys_scope_key_key" ON "idempotency_keys"("scope", "key");

-- CreateIndex
CREATE INDEX "newsletter_campaign_recipients_campaign_id_status_idx" ON "newsletter_campaign_recipients"("campaign_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_campaign_recipients_campaign_id_user_id_key" ON "newsletter_campaign_recipients"("campaign_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "job_queue_dedupe_key_key" ON "job_queue"("dedupe_key");

-- CreateIndex
CREATE INDEX "job_queue_status_run_at_idx" ON "job_queue"("status", "run_at");

-- CreateIndex
CREATE INDEX "failed_jobs_failed_at_idx" ON "failed_jobs"("failed_at");

-- AddForeignKey
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legal_document_acceptances" ADD CONSTRAINT "legal_document_acceptances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "companies" ADD CONSTRAINT "companies_merged_into_company_id_fkey" FOREIGN KEY ("merged_into_company_id") REFERENCES "companies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_slug_redirects" ADD CONSTRAINT "company_slug_redirects_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_user" ADD CONSTRAINT "company_user_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_user" ADD CONSTRAINT "company_user_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_author_user_id_fkey" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_canonical_press_release_id_fkey" FOREIGN KEY ("canonical_press_release_id") REFERENCES "press_releases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_attachments" ADD CONSTRAINT "press_release_attachments_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_classifications" ADD CONSTRAINT "press_release_classifications_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_history" ADD CONSTRAINT "press_release_history_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_search" ADD CONSTRAINT "press_release_search_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_events" ADD CONSTRAINT "press_release_events_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_index_checks" ADD CONSTRAINT "press_release_index_checks_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_ai_declarations" ADD CONSTRAINT "press_release_ai_declarations_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ki_audits" ADD CONSTRAINT "ki_audits_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crawler_fetches" ADD CONSTRAINT "crawler_fetches_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_changes" ADD CONSTRAINT "press_release_changes_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_images" ADD CONSTRAINT "press_release_images_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "press_release_image_snapshots" ADD CONSTRAINT "press_release_image_snapshots_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "press_release_images"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "image_declaration_corrections" ADD CONSTRAINT "image_declaration_corrections_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "press_release_images"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_entries" ADD CONSTRAINT "archive_entries_legal_request_id_fkey" FOREIGN KEY ("legal_request_id") REFERENCES "legal_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legal_requests" ADD CONSTRAINT "legal_requests_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legal_request_events" ADD CONSTRAINT "legal_request_events_legal_request_id_fkey" FOREIGN KEY ("legal_request_id") REFERENCES "legal_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_payment_options" ADD CONSTRAINT "user_payment_options_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_payment_option_id_fkey" FOREIGN KEY ("user_payment_option_id") REFERENCES "user_payment_options"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_addresses" ADD CONSTRAINT "billing_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_press_release_id_fkey" FOREIGN KEY ("press_release_id") REFERENCES "press_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_campaign_recipients" ADD CONSTRAINT "newsletter_campaign_recipients_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "newsletter_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_campaign_recipients" ADD CONSTRAINT "newsletter_campaign_recipients_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

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
                           'press_release_ai_declarations', 'activity_log', 'login_history', 'legal_request_events']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_insert_only', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION reject_mutation()', t || '_insert_only', t);
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

-- From prisma/sql/search.sql
-- Full-text search lives only in the mirror table (spec 2.3): one generated tsvector per
-- language configuration, weighted title > lead > company > body. Idempotent.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'press_release_search' AND column_name = 'search_de' AND is_generated = 'NEVER') THEN
    ALTER TABLE press_release_search DROP COLUMN search_de, DROP COLUMN search_en;
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
