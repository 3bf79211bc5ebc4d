// A delivery worker in a process of its own, so a test can kill it mid-batch (SIGKILL: no
// cleanup, no finally) and check that nothing it had claimed is lost.
import { deliverDueMail } from "@/lib/domains/mail/delivery/deliver-mail";

await deliverDueMail({ budgetMs: 60_000 });
process.exit(0);
