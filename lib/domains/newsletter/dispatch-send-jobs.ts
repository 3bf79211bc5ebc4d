import { getConfig } from "@/lib/core/config";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";

/**
 * Enqueues NEWSLETTER_SEND_JOBS send jobs for a campaign; call it after the commit. `round`
 * names the occasion (`start`, or a fresh value per resume), so a retried start never enqueues
 * twice while each resume gets jobs of its own. The jobs share the work through SKIP LOCKED
 * claims, so more jobs only mean more parallel sending, never a mail twice.
 */
export async function dispatchSendJobs(campaignId: number, round: string): Promise<number> {
  const jobs = getConfig().newsletter.sendJobs;
  for (let n = 1; n <= jobs; n++) await dispatchJob(JOB.newsletterSend, { campaignId }, { key: `newsletter/${campaignId}/${round}/${n}` });
  return jobs;
}
