import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CustomerOverviewView } from "@/components/dashboard/customer-overview";
import { ImageConfirmationNotice } from "@/components/dashboard/image-confirmation-notice";
import { NewsroomOnboarding } from "@/components/dashboard/newsroom-onboarding";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { loadCustomerOverview } from "@/lib/adapters/dashboard/overview";
import { requireUser } from "@/lib/domains/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Übersicht" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The customer's start: quota, releases by status, the latest published ones with views and public pages, next steps. */
export default async function DashboardHome({ searchParams }: { searchParams: SearchParams }) {
  const { user } = await requireUser();
  // The list lived here before: a search or page of it goes to where it is now.
  const params = await searchParams;
  if (params.q !== undefined || params.page !== undefined) {
    const kept = new URLSearchParams();
    for (const key of ["q", "page"] as const) {
      const value = params[key];
      if (typeof value === "string") kept.set(key, value);
    }
    redirect(`/dashboard/releases?${kept}`);
  }
  const overview = await loadCustomerOverview(user.id);
  return (
    <>
      <PageHeader
        title="Übersicht"
        actions={overview.hasNewsroom ? <LinkButton href="/dashboard/releases/new">Neue Pressemitteilung</LinkButton> : null}
      />
      <ImageConfirmationNotice userId={user.id} />
      {overview.hasNewsroom ? <CustomerOverviewView overview={overview} /> : <NewsroomOnboarding />}
    </>
  );
}
