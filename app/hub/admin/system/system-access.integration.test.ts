import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PERMISSIONS } from "@/lib/domains/accounts/permissions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { recordHeartbeat } from "@/lib/core/jobs/heartbeat";
import { runRecorded } from "@/lib/core/jobs/job-runs";
import { JOB } from "@/lib/core/jobs/names";
import { recordWebhookFailure } from "@/lib/adapters/operations/webhook-failures";
import { seedUser } from "@/tests/factories";
import { signIn, signOut, withPageSession } from "@/tests/page-session";

// /admin/system as its readers and as an attacker meet it: staff with users:manage and
// super-admins read version, checks, schedules, circuit, alerts and webhook failures; other
// staff, customers and visitors get nothing of it. The page runs for real behind a session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

afterEach(() => {
  delete process.env.APP_VERSION;
  resetConfigForTests();
});

const render = async () => (await import("./page")).default();
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "rendered",
    (e: { digest?: string }) => e.digest ?? String(e),
  );

describe("/admin/system", () => {
  it("shows version and source, every check, the schedules with their last runs, the circuit, alerts and webhook failures", async () => {
    process.env.APP_VERSION = "2026.11.3";
    resetConfigForTests();
    await recordHeartbeat();
    await runRecorded(JOB.opsWatch, async () => undefined);
    await runRecorded(JOB.purgeEvents, () => Promise.reject(new Error("watermark missing"))).catch(() => undefined);
    await db.operationalAlert.create({
      data: { key: "scheduler_silent", lastSentAt: new Date(), lastDetail: "last heartbeat 40 min ago", count: 3 },
    });
    await recordWebhookFailure("stripe", "signature", "The webhook signature is not valid or too old.");
    await signIn((await seedUser({ staffRole: "admin", permissions: [ADMIN_SCREENS.system.permission] })).id);

    const html = renderToStaticMarkup((await render()) as never);
    expect(html).toContain("<h1>Systemstatus</h1>");
    expect(html).toContain("<code>2026.11.3</code>");
    expect(html).toContain("vom Betrieb beim Start gesetzt");
    // The machine names of the checks, for runbooks and logs, under "Technische Details".
    for (const check of ["database", "cache", "queue", "overdue", "scheduler", "mail", "disk"])
      expect(html).toContain(`<dt><code>${check}</code></dt>`);
    expect(html).toContain("Alle Prüfungen bestanden");
    // Schedules in Berlin words, with what the job runner recorded.
    expect(html).toMatch(/ops-watch<\/span><code class="meta">ops\/watch<\/code><\/th><td><span class="admin-line">alle 5 Minuten<\/span>/);
    expect(html).toContain("täglich um 03:50");
    expect(html).toContain("watermark missing");
    expect(html).toContain("Versand läuft");
    expect(html).toMatch(/Zeitplaner still<\/th>.*3×.*<code>scheduler_silent<\/code>.*last heartbeat 40 min ago/);
    expect(html).toMatch(/Stripe \(Zahlungen\)<\/th><td>Signatur abgelehnt<\/td><td class="amount">1<\/td><td class="amount">1<\/td>/);
  });

  it("opens for an active super-admin; refuses other staff, customers, a retired super-admin and visitors", async () => {
    await signIn((await seedUser({ staffRole: "super_admin" })).id);
    expect(await outcome(render())).toBe("rendered");

    const others = PERMISSIONS.filter((p) => p !== ADMIN_SCREENS.system.permission);
    await signIn((await seedUser({ staffRole: "admin", permissions: others })).id);
    expect(await outcome(render())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    // A customer whose row lists the permission is still a customer.
    await signIn((await seedUser({ permissions: [ADMIN_SCREENS.system.permission] })).id);
    expect(await outcome(render())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    await signIn((await seedUser({ staffRole: "super_admin", isActive: false })).id);
    expect(await outcome(render())).not.toBe("rendered");
    signOut();
    expect(await outcome(render())).toMatch(/^NEXT_REDIRECT;.*\/login;/);
  });
});
