import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { OverdueReleaseTable } from "@/components/admin/overdue-release-table";
import { SystemStateCard } from "@/components/admin/system-state-card";
import { WaitingWorkCards } from "@/components/admin/waiting-work-cards";
import { SystemTime } from "@/components/admin/system-time";
import { PageHeader } from "@/components/ui/page-header";
import { waitingWorkFor } from "@/lib/adapters/admin/waiting-work";
import { checkHealth } from "@/lib/adapters/operations/health";
import { ADMIN_SCREENS, adminNavFor } from "@/lib/domains/accounts/admin-screens";
import { can } from "@/lib/domains/accounts/permissions";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { listOverdueReleases } from "@/lib/domains/review/overdue-work";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Übersicht · Verwaltung" };

/** Where staff start: what waits for them, each count one click from its list, stuck releases and the system's state. */
export default async function AdminStartPage() {
  const { user } = await requireConfirmedStaff();
  if (!adminNavFor(user).length) forbidden();
  const work = await waitingWorkFor(user);
  const overdue = work.some((w) => w.kind === "overdue" && w.count > 0) ? await listOverdueReleases(10) : [];
  const health = can(user, ADMIN_SCREENS.system.permission) ? await checkHealth() : null;
  const waiting = work.reduce((n, w) => n + w.count, 0);
  return (
    <>
      <PageHeader
        title="Übersicht"
        description={
          <>
            {waiting ? "Was auf Sie wartet; jede Zahl führt zur passenden Liste." : "Zurzeit wartet nichts auf Sie."} Stand:{" "}
            <SystemTime at={new Date()} />.
          </>
        }
      />
      <WaitingWorkCards work={work} />
      {overdue.length ? <OverdueReleaseTable releases={overdue} /> : null}
      {health ? <SystemStateCard report={health} /> : null}
    </>
  );
}
