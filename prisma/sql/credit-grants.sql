-- Credit grants (lib/domains/billing/credits/grant-credits.ts). Idempotent.

-- The latest grants, newest first: the ledger rows booked with a grant reference. A LIKE prefix
-- cannot use the unique index on reference under the database's collation, so without this
-- the list would read the whole ledger backwards until it found enough grants.
CREATE INDEX IF NOT EXISTS credit_transactions_grants_idx ON credit_transactions (id DESC) WHERE reference LIKE 'grant:%';
