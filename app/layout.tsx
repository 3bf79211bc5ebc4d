import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { EDITION_HEADER } from "@/lib/adapters/public/site-routing";
import { isEdition } from "@/lib/domains/sites";
import "./tokens.css";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Pressdesk", template: "%s · Pressdesk" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const edition = (await headers()).get(EDITION_HEADER);
  return (
    <html lang={isEdition(edition) ? edition : "de"}>
      <body>{children}</body>
    </html>
  );
}
