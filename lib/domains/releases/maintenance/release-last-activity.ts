import type { DbOrTx } from "@/lib/core/db/client";

/**
 * When someone last worked on each release: the newest of its own updated_at and every row a
 * person writes on a draft without touching the release row (image uploads and edits,
 * reordering, rights confirmations, credit corrections, AI declarations, attachments, status
 * history). The purge judges "untouched" by this, not by press_releases.updated_at alone.
 * Every one of those writes takes the release's row lock (lib/domains/releases/lock.ts), so read under
 * that lock the answer cannot move until commit.
 */
export async function releaseLastActivity(client: DbOrTx, ids: number[]): Promise<Map<number, Date>> {
  if (!ids.length) return new Map();
  // GREATEST skips NULLs: a release without images or declarations falls back to its own row.
  const rows = await client.$queryRaw<{ id: number; at: Date }[]>`
    SELECT r.id, GREATEST(r.updated_at, i.at, c.at, k.at, d.at, a.at, h.at) AS at
    FROM press_releases r
    LEFT JOIN LATERAL (SELECT max(GREATEST(created_at, updated_at)) AS at FROM press_release_images WHERE press_release_id = r.id) i ON true
    LEFT JOIN LATERAL (SELECT max(confirmed_at) AS at FROM image_rights_confirmations WHERE subject_type = 'press_release' AND subject_id = r.id) c ON true
    LEFT JOIN LATERAL (
      SELECT max(x.created_at) AS at FROM image_declaration_corrections x
      JOIN press_release_images img ON img.id = x.image_id WHERE img.press_release_id = r.id
    ) k ON true
    LEFT JOIN LATERAL (SELECT max(created_at) AS at FROM press_release_ai_declarations WHERE press_release_id = r.id) d ON true
    LEFT JOIN LATERAL (SELECT max(created_at) AS at FROM press_release_attachments WHERE press_release_id = r.id) a ON true
    LEFT JOIN LATERAL (SELECT max(created_at) AS at FROM press_release_history WHERE press_release_id = r.id) h ON true
    WHERE r.id = ANY(${ids}::int[])`;
  return new Map(rows.map((r) => [r.id, r.at]));
}
