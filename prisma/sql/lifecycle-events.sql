-- Release lifecycle events (lib/domains/releases/lifecycle). Idempotent.

-- The sweep reads only events whose reactions are not all done.
CREATE INDEX IF NOT EXISTS release_lifecycle_events_unsettled_idx ON release_lifecycle_events (next_attempt_at) WHERE settled_at IS NULL;
