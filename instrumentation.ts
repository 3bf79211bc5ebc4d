// Runs once when a server instance starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/config");
  const config = getConfig();
  // Without Inngest, scheduled jobs and queued work run inside this process.
  if (!config.jobs.inngestEventKey) {
    const { startLocalScheduler } = await import("@/lib/jobs/local-scheduler");
    startLocalScheduler();
  }
}
