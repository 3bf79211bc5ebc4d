import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contentHash } from "@/lib/releases/content-hash";

// Factories: each test builds its own rows with unique natural keys.
export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

export function seedUser(data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  return db.user.create({ data: { email: `${unique("user")}@example.test`, name: "Test User", ...data } });
}

export function seedCompany(data: Partial<Prisma.CompanyUncheckedCreateInput> = {}) {
  return db.company.create({ data: { portal: "business", slug: unique("company"), name: "Test GmbH", ...data } });
}

export function seedRelease(data: Partial<Prisma.PressReleaseUncheckedCreateInput> & { companyId: number }) {
  const title = data.title ?? `Release ${unique("t")}`;
  const body = data.body ?? "<p>Body text of the release.</p>";
  return db.pressRelease.create({
    data: { portal: "business", language: "de", slug: unique("release"), title, body, contentHash: contentHash(title, body), ...data },
  });
}
