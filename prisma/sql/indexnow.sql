-- IndexNow pings (lib/adapters/public/seo/indexnow). Idempotent.

-- Plain column in Prisma (no back-relation on the release model); the pings go with their release.
ALTER TABLE indexnow_pings DROP CONSTRAINT IF EXISTS indexnow_pings_press_release_id_fkey;
ALTER TABLE indexnow_pings ADD CONSTRAINT indexnow_pings_press_release_id_fkey
  FOREIGN KEY (press_release_id) REFERENCES press_releases (id) ON DELETE CASCADE;

-- The sender job reads only what waits, oldest first.
CREATE INDEX IF NOT EXISTS indexnow_pings_pending_idx ON indexnow_pings (id) WHERE status = 'pending';
