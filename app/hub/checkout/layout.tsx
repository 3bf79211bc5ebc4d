import type { ReactNode } from "react";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { SITE_NAMES } from "@/lib/domains/sites";

export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Testkasse" homeHref="/dashboard/billing" nav={[]} />
      {children}
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
