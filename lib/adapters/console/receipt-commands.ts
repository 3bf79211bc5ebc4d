import { BACKFILL_BATCH, backfillReceipts } from "@/lib/domains/releases/receipts/backfill-receipts";
import { rotateReceiptKey } from "@/lib/domains/releases/receipts/signing-keys";
import { defineCommand, wholeFlag, wrongCall } from "./registry";

// Publication receipts (docs/receipts.md): the backfill for releases published before receipts
// existed, and the rotation of the signing key.

const ISSUE_USAGE = `press-releases:issue-receipts [--batch=${BACKFILL_BATCH}] [--limit=N]`;

export const issueReceiptsCommand = defineCommand({
  description: "Issue a receipt of its current state to every release ever published that has none.",
  usage: ISSUE_USAGE,
  help: [
    "",
    "Each release in its own transaction under its row lock, asking again there whether it has a",
    "receipt: runs at once, or run twice, issue one receipt per release. The receipt says",
    '"backfilled": true and describes the release as it is now. Run press-releases:backfill-published-ever first.',
    `  --batch=N    releases read per query (default ${BACKFILL_BATCH})`,
    "  --limit=N    issue at most N receipts in this run",
  ],
  flags: ["batch", "limit"],
  async run(args, io) {
    const batch = wholeFlag(args, "batch", { min: 1, max: 10_000 }) ?? BACKFILL_BATCH;
    if (typeof batch === "string") return wrongCall(io, ISSUE_USAGE, batch);
    const limit = wholeFlag(args, "limit", { min: 1 });
    if (typeof limit === "string") return wrongCall(io, ISSUE_USAGE, limit);
    const r = await backfillReceipts({ batch, ...(limit ? { limit } : {}) });
    io.out(`issued ${r.issued.length} receipts, ${r.skipped} releases got theirs from another run meanwhile`);
    return 0;
  },
});

export const rotateReceiptKeyCommand = defineCommand({
  description: "Retire the receipt signing key and create the next; old receipts still verify.",
  usage: "receipts:rotate-key",
  help: [
    "",
    "The current key signs nothing from now on and stays published at /.well-known/receipt-keys.json",
    "with its retired_at, so every receipt it signed still verifies. Publications running meanwhile",
    "finish with the old key before the rotation commits.",
  ],
  async run(_args, io) {
    const r = await rotateReceiptKey();
    io.out(r.retired ? `retired key ${r.retired}` : "no key yet: created the first");
    io.out(`current key ${r.current}`);
    return 0;
  },
});
